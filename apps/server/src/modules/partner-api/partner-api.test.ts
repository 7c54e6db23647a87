// @databases both: sales, returns and holds race for the member's lock, the Idempotency-Key's advisory lock and the offers' row locks, which the two databases serve differently.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PartnerApiError, createPartnerApiClient } from '@app/contracts/partner-api-client';
import {
  HOLD_EXAMPLE,
  PARTNER_API_PREFIX,
  RETURN_EXAMPLE,
  SALE_EXAMPLE,
  TILL_DAILY_SPEND_POINTS,
  holdRequestSchema,
  returnRequestSchema,
  saleRequestSchema,
  type PartnerScope,
  type SaleRequest,
} from '@app/contracts/partner-api';
import { collectorOffers } from '../../db/schema/offers.ts';
import { pointHolds } from '../../db/schema/partner-api.ts';
import { pointsLedger } from '../../db/schema/points-ledger.ts';
import { cards } from '../../db/schema/core.ts';
import { pendingPoints } from '../../db/schema/missing-points.ts';
import { addPartnerClient, changePartnerKeys, revokePartnerClient } from '../../lib/partner-clients.ts';
import { pointsBalance } from '../../lib/points-ledger.ts';
import { setRedemptionLock } from '../../lib/redemption-lock.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { requestPartnerToken } from '../../test/partner-token.ts';
import { buildTestApp, jsWeb, newAccountMember, type TestApp } from '../../test/build-test-app.ts';
import { createLedgerCheckService } from '../ledger-check/service.ts';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { Webhook } from 'standardwebhooks';
import { SANDBOX_TILL_CLIENT, setPartnerWebhook } from './service.ts';

let t: TestApp;
let now = new Date('2026-12-01T10:00:00Z');
let tillToken: string;

const tokenFor = (clientId: string, secret: string, scope: string) =>
  requestPartnerToken(t, clientId, secret, scope);

async function clientWith(scopes: PartnerScope[], partnerId = 'retailer') {
  const { clientId, secret } = await addPartnerClient(t.app.db, { partnerId, name: 'Test till', scopes });
  const token = (await tokenFor(clientId, secret, scopes.join(' '))).json<{ access_token: string }>()
    .access_token;
  return { clientId, secret, token };
}

const call = (
  method: 'GET' | 'POST',
  path: string,
  payload?: object,
  options: { token?: string; key?: string } = {},
) =>
  t.app.inject({
    method,
    url: `${PARTNER_API_PREFIX}${path}`,
    headers: {
      authorization: `Bearer ${options.token ?? tillToken}`,
      ...(payload ? { 'content-type': 'application/json' } : {}),
      ...(options.key === '' ? {} : { 'idempotency-key': options.key ?? randomUUID() }),
    },
    ...(payload ? { payload } : {}),
  });

/** A fresh member with points and the demo offers; answers their card and id. */
async function member(points = 0) {
  const response = await newAccountMember(t, { ...(points > 0 ? { points } : {}), offers: 'demo' });
  const body = response.json<{ cardNumber: string }>();
  const [card] = await t.app.db.select().from(cards).where(eq(cards.number, body.cardNumber));
  const session = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value ?? '';
  return { cardNumber: body.cardNumber, id: card?.collectorId ?? '', cookies: { [SESSION_COOKIE]: session } };
}

const sale = (cardNumber: string, lines: SaleRequest['lines'], extra: object = {}) => {
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  return {
    member: { cardNumber },
    storeId: 'store-0042',
    tillId: 'till-3',
    receiptId: `R-${randomUUID()}`,
    occurredAt: now.toISOString(),
    lines,
    total,
    ...extra,
  };
};

/** Leaves exactly one of the member's offers in `state` (loaded by default), so a basket meets what the test says. */
async function loadOffer(collectorId: string, offerId: string, state = 'LOADED') {
  await t.app.db
    .update(collectorOffers)
    .set({ state: 'UNLOADED' })
    .where(eq(collectorOffers.collectorId, collectorId));
  const updated = await t.app.db
    .update(collectorOffers)
    .set({ state })
    .where(and(eq(collectorOffers.collectorId, collectorId), eq(collectorOffers.offerId, offerId)))
    .returning();
  expect(updated).toHaveLength(1);
}

/** The sandbox till's token for earning, spending and reading members. */
async function newTillToken() {
  const response = await tokenFor(
    SANDBOX_TILL_CLIENT.clientId,
    SANDBOX_TILL_CLIENT.secret,
    'points:earn points:spend members:read',
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ access_token: string }>().access_token;
}

beforeAll(async () => {
  t = await buildTestApp({ DEMO_DATA: 'on' }, { now: () => now });
  tillToken = await newTillToken();
});
afterAll(async () => t.close());

describe('partner clients and tokens', () => {
  it('gives a client a short token with the scopes it holds, and refuses a wrong secret or a scope it lacks', async () => {
    const { clientId, secret } = await addPartnerClient(t.app.db, {
      partnerId: 'fuel',
      name: 'Pumps',
      scopes: ['points:earn'],
    });
    const ok = await tokenFor(clientId, secret, 'points:earn');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ token_type: 'Bearer', expires_in: 600, scope: 'points:earn' });
    expect((await tokenFor(clientId, `${secret}x`, 'points:earn')).json()).toMatchObject({
      error: 'invalid_client',
    });
    expect((await tokenFor(clientId, secret, 'points:spend')).json()).toMatchObject({
      error: 'invalid_scope',
    });
  });

  it('lets a client sign a JWT with its key instead of a secret, and rotate its keys without a gap', async () => {
    const keyPair = async (kid: string) => {
      const { publicKey, privateKey } = await generateKeyPair('ES256');
      return { privateKey, kid, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' } };
    };
    const first = await keyPair('2026-11');
    const { clientId } = await addPartnerClient(t.app.db, {
      partnerId: 'habitat',
      name: 'eShop',
      scopes: ['points:earn'],
      jwks: { keys: [first.jwk] },
    });
    const tokenWith = async (key: { privateKey: CryptoKey; kid: string }) => {
      const assertion = await new SignJWT({})
        .setProtectedHeader({ alg: 'ES256', kid: key.kid })
        .setIssuer(clientId)
        .setSubject(clientId)
        .setAudience(`${t.config.publicUrl}/oauth2`)
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime('1m')
        .sign(key.privateKey);
      return t.app.inject({
        method: 'POST',
        url: '/oauth2/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'client_credentials',
          scope: 'points:earn',
          client_id: clientId,
          client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
          client_assertion: assertion,
        }).toString(),
      });
    };
    expect((await tokenWith(first)).statusCode).toBe(200);
    const second = await keyPair('2027-05');
    await changePartnerKeys(t.app.db, clientId, { add: { keys: [second.jwk] } });
    expect([(await tokenWith(first)).statusCode, (await tokenWith(second)).statusCode]).toEqual([200, 200]);
    await changePartnerKeys(t.app.db, clientId, { remove: ['2026-11'] });
    expect([(await tokenWith(first)).statusCode, (await tokenWith(second)).statusCode]).toEqual([401, 200]);
    await expect(
      addPartnerClient(t.app.db, {
        partnerId: 'habitat',
        name: 'x',
        scopes: ['points:earn'],
        jwks: { keys: [{ ...first.jwk, d: 'secret' }] },
      }),
    ).rejects.toThrow('a public key only');
  });

  it("keeps a live token through the purge of ended rows, which ends rows by the app's clock", async () => {
    // This file's clock stands days after the machine's: a token stored by the machine's time would look ended.
    const { cardNumber } = await member();
    await t.app.jobs.trigger('purge-expired-rows');
    expect((await call('GET', `/members/${cardNumber}/balance`)).statusCode).toBe(200);
  });

  it('refuses a call without a token, with a made-up one, with the wrong scope, and after the client is revoked', async () => {
    const { cardNumber } = await member();
    const noToken = await t.app.inject({
      method: 'GET',
      url: `${PARTNER_API_PREFIX}/members/${cardNumber}/balance`,
    });
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect(
      (await call('GET', `/members/${cardNumber}/balance`, undefined, { token: 'made-up' })).statusCode,
    ).toBe(401);

    const earner = await clientWith(['points:earn']);
    const refused = await call('GET', `/members/${cardNumber}/balance`, undefined, { token: earner.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'INSUFFICIENT_SCOPE',
      description: 'This call needs the scope members:read; ask for it with the token.',
    });
    const hold = await call(
      'POST',
      '/holds',
      { member: { cardNumber }, points: 10, storeId: 's', tillId: 't' },
      { token: earner.token },
    );
    expect(hold.json()).toMatchObject({ code: 'INSUFFICIENT_SCOPE' });

    const reader = await clientWith(['members:read']);
    expect(
      (await call('GET', `/members/${cardNumber}/balance`, undefined, { token: reader.token })).statusCode,
    ).toBe(200);
    await revokePartnerClient(t.app.db, reader.clientId, now);
    // A client is trusted from memory for 5 seconds at the most: past that, its revocation holds.
    now = new Date(now.getTime() + 6_000);
    const revoked = await call('GET', `/members/${cardNumber}/balance`, undefined, { token: reader.token });
    expect(revoked.statusCode).toBe(401);
  });

  it("refuses a client's calls past its limit a minute, counted by client whatever its token", async () => {
    const { cardNumber } = await member();
    const { clientId, secret } = await addPartnerClient(t.app.db, {
      partnerId: 'retailer',
      name: 'Slow till',
      scopes: ['members:read'],
      requestsPerMinute: 2,
    });
    const tokens = await Promise.all(
      [1, 2].map(
        async () =>
          (await tokenFor(clientId, secret, 'members:read')).json<{ access_token: string }>().access_token,
      ),
    );
    const statuses = [];
    for (const token of [tokens[0], tokens[1], tokens[0]]) {
      statuses.push((await call('GET', `/members/${cardNumber}/balance`, undefined, { token })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('serves its own OpenAPI document, and the member API document leaves the partner calls out', async () => {
    const doc = (await t.app.inject(`${PARTNER_API_PREFIX}/openapi.json`)).json<{
      paths: Record<string, unknown>;
    }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        `${PARTNER_API_PREFIX}/sales`,
        `${PARTNER_API_PREFIX}/sales/{saleId}/returns`,
        `${PARTNER_API_PREFIX}/holds`,
        `${PARTNER_API_PREFIX}/holds/{holdId}/capture`,
        `${PARTNER_API_PREFIX}/holds/{holdId}/cancel`,
        `${PARTNER_API_PREFIX}/members/{cardNumber}/balance`,
      ]),
    );
    // The document shows a partner an example of each request (OpenAPI's media-type example).
    const salePost = (
      doc.paths[`${PARTNER_API_PREFIX}/sales`] as {
        post: { requestBody: { content: Record<string, { example?: unknown }> } };
      }
    ).post;
    expect(salePost.requestBody.content['application/json']?.example).toEqual(SALE_EXAMPLE);
    for (const [schema, example] of [
      [saleRequestSchema, SALE_EXAMPLE],
      [returnRequestSchema, RETURN_EXAMPLE],
      [holdRequestSchema, HOLD_EXAMPLE],
    ] as const) {
      expect(schema.safeParse(example).success).toBe(true);
    }
    const member = t.app.swagger() as { paths: Record<string, unknown> };
    expect(Object.keys(member.paths).some((path) => path.startsWith('/partner-api'))).toBe(false);
  });
});

describe('a sale', () => {
  it('awards the base rate and each loaded offer the basket meets, once, with a receipt in the activity', async () => {
    const alex = await member();
    await loadOffer(alex.id, 'piano-002');
    const [offer] = await t.app.db
      .select()
      .from(collectorOffers)
      .where(eq(collectorOffers.offerId, 'piano-002'))
      .limit(1);
    expect(offer).toBeDefined();
    const body = sale(alex.cardNumber, [
      {
        sku: 'sparkling-water',
        category: 'drinks',
        quantity: 2,
        amount: 250,
        description: 'Sparkling water',
      },
      { sku: 'unlisted', category: 'household', quantity: 1, amount: 1999 },
    ]);
    const first = await call('POST', '/sales', body);
    expect(first.statusCode, first.body).toBe(201);
    const answer = first.json();
    expect(answer).toMatchObject({
      pointsAwarded: 22 + 75,
      breakdown: [
        { reason: 'Points for your shop', points: 22 },
        { reason: 'Bonus offer: 75 bonus points on sparkling water', points: 75, offerId: 'piano-002' },
      ],
      balance: 97,
    });
    expect(await pointsBalance(t.app.db, alex.id)).toBe(97);
    const [loaded] = await t.app.db
      .select({ timesEarned: collectorOffers.timesEarned })
      .from(collectorOffers)
      .where(eq(collectorOffers.collectorId, alex.id))
      .then((rows) => rows.filter((row) => row.timesEarned > 0));
    expect(loaded?.timesEarned).toBe(1);

    // The member's activity shows the shop with its receipt, and the bonus apart.
    const activity = await t.app.inject({
      url: '/nectar-shared-transactions-api/transactions',
      cookies: alex.cookies,
    });
    const shop = activity.body;
    expect(shop).toContain('Points for your shop');
    expect(shop).toContain('Bonus offer: 75 bonus points on sparkling water');
    const receipt = await t.app.inject({
      url: `/nectar-shared-transactions-api/digital-receipts/${answer.saleId as string}`,
      cookies: alex.cookies,
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.body).toContain('Sparkling water');

    // Member-price savings the till printed go on the receipt and into the member's savings.
    const priced = await call(
      'POST',
      '/sales',
      sale(alex.cardNumber, [
        { sku: 'salmon-fillets', category: 'meat&fish', quantity: 1, amount: 450, memberPriceSaving: 125 },
      ]),
    );
    expect(priced.json()).toMatchObject({ memberPriceSavings: 125 });
    const savings = await t.app.inject({
      url: '/customer-management-api/customer/savings',
      cookies: alex.cookies,
    });
    expect(savings.statusCode, savings.body).toBe(200);
    expect(savings.body).toMatch(/1\.25|125/);

    // The offer paid out once: a second basket that meets it earns only the base.
    const second = await call(
      'POST',
      '/sales',
      sale(alex.cardNumber, [{ sku: 'sparkling-water', category: 'drinks', quantity: 1, amount: 300 }]),
    );
    expect(second.json()).toMatchObject({ pointsAwarded: 3, breakdown: [{ points: 3 }] });
  });

  it('answers the same Idempotency-Key with the same answer, and refuses it with another body', async () => {
    const { cardNumber, id } = await member();
    const key = randomUUID();
    const body = sale(cardNumber, [{ sku: 'x', category: 'bakery', quantity: 1, amount: 1000 }]);
    const first = await call('POST', '/sales', body, { key });
    const again = await call('POST', '/sales', body, { key });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await pointsBalance(t.app.db, id)).toBe(10);
    const other = await call('POST', '/sales', { ...body, receiptId: 'R-other' }, { key });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    const noKey = await call('POST', '/sales', body, { key: '' });
    expect(noKey.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REQUIRED' });
    const sameReceipt = await call('POST', '/sales', body);
    expect(sameReceipt.statusCode).toBe(409);
    expect(sameReceipt.json()).toMatchObject({ code: 'SALE_ALREADY_POSTED' });
  });

  it('awards once when the same key comes 20 times at once', async () => {
    const { cardNumber, id } = await member();
    const key = randomUUID();
    const body = sale(cardNumber, [{ sku: 'x', category: 'bakery', quantity: 1, amount: 5000 }]);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call('POST', '/sales', body, { key })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 20 }, () => 201));
    expect(new Set(answers.map((answer) => answer.json<{ saleId: string }>().saleId)).size).toBe(1);
    expect(await pointsBalance(t.app.db, id)).toBe(50);
  });

  it('refuses an unknown card, a spend code it does not take yet, and a total that is not the sum of the lines', async () => {
    const unknown = await call(
      'POST',
      '/sales',
      sale('98263000 000 0000 0000', [{ sku: 'x', category: 'y', quantity: 1, amount: 100 }]),
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'DN11', description: 'Card not recognised.' });
    const { cardNumber } = await member();
    const code = await call('POST', '/sales', {
      ...sale(cardNumber, [{ sku: 'x', category: 'y', quantity: 1, amount: 100 }]),
      member: { spendCode: 'abc' },
    });
    expect(code.statusCode).toBe(422);
    expect(code.json()).toMatchObject({ code: 'MEMBER_ID_NOT_ACCEPTED' });
    const wrongTotal = await call('POST', '/sales', {
      ...sale(cardNumber, [{ sku: 'x', category: 'y', quantity: 1, amount: 100 }]),
      total: 99,
    });
    expect(wrongTotal.statusCode).toBe(400);
    expect(wrongTotal.json<{ description: string }>().description).toContain(
      'total: must be the sum of the lines',
    );
  });

  it('waits as points on their way when an eShop says when they become spendable, and a return first lowers them', async () => {
    const { cardNumber, id } = await member();
    const posted = await call(
      'POST',
      '/sales',
      sale(
        cardNumber,
        [
          { sku: 'a', category: 'home', quantity: 1, amount: 4000 },
          { sku: 'b', category: 'home', quantity: 1, amount: 6000 },
        ],
        { spendableOn: '2027-01-15' },
      ),
    );
    expect(posted.json()).toMatchObject({ pointsAwarded: 100, balance: 0, pendingUntil: '2027-01-15' });
    const [pending] = await t.app.db.select().from(pendingPoints).where(eq(pendingPoints.collectorId, id));
    expect(pending).toMatchObject({ points: 100, expectedOn: '2027-01-15' });
    const saleId = posted.json<{ saleId: string }>().saleId;
    const back = await call('POST', `/sales/${saleId}/returns`, {
      returnId: 'RET-1',
      lines: [{ sku: 'a', quantity: 1, amount: 4000 }],
    });
    expect(back.json()).toMatchObject({ pointsTaken: 40, pointsNotRecovered: 0, balance: 0 });
    const [lowered] = await t.app.db.select().from(pendingPoints).where(eq(pendingPoints.collectorId, id));
    expect(lowered?.points).toBe(60);
    await call('POST', `/sales/${saleId}/returns`, {
      returnId: 'RET-2',
      lines: [{ sku: 'b', quantity: 1, amount: 6000 }],
    });
    const [cancelled] = await t.app.db.select().from(pendingPoints).where(eq(pendingPoints.collectorId, id));
    expect(cancelled?.cancelledAt).not.toBeNull();
  });
});

describe("an eShop's sale named by the member's click", () => {
  it('collects for the member who clicked through to that eShop, and for nobody else', async () => {
    const { id, cookies } = await member();
    const exit = await t.app.inject({ url: '/nectar-brands-api/post/argos?direction=collect', cookies });
    const clickId = exit.json<{ clickReference: string }>().clickReference;
    const argos = await clientWith(['points:earn', 'points:spend'], 'argos');
    const body = {
      ...sale('', [{ sku: 'kettle', category: 'home', quantity: 1, amount: 2500 }]),
      member: { clickId },
    };
    const posted = await call('POST', '/sales', body, { token: argos.token });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json()).toMatchObject({ pointsAwarded: 25, balance: 25 });
    expect(await pointsBalance(t.app.db, id)).toBe(25);

    const elsewhere = await call('POST', '/sales', { ...body, receiptId: 'R-other' });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toMatchObject({ code: 'MEMBER_NOT_FOUND' });
    const unknown = await call(
      'POST',
      '/sales',
      { ...body, member: { clickId: randomUUID() } },
      { token: argos.token },
    );
    expect(unknown.json()).toMatchObject({ code: 'MEMBER_NOT_FOUND' });
    const spend = await call(
      'POST',
      '/holds',
      { member: { clickId }, points: 10, storeId: 's', tillId: 't' },
      { token: argos.token },
    );
    expect(spend.statusCode).toBe(422);
    expect(spend.json()).toEqual({
      code: 'MEMBER_ID_NOT_ACCEPTED',
      description: 'A click id only collects points: spend with the card.',
    });

    // A click from a visitor who was not signed in names nobody.
    const anonymous = await t.app.inject('/nectar-brands-api/post/argos?direction=collect');
    const nobody = await call(
      'POST',
      '/sales',
      {
        ...body,
        receiptId: 'R-anon',
        member: { clickId: anonymous.json<{ clickReference: string }>().clickReference },
      },
      { token: argos.token },
    );
    expect(nobody.json()).toMatchObject({ code: 'MEMBER_NOT_FOUND' });
  });
});

describe('a return', () => {
  it('takes back the returned lines and a bonus whose rule the basket no longer meets, never twice', async () => {
    const sam = await member();
    await loadOffer(sam.id, 'piano-001'); // Triple points on sourdough loaves
    const posted = await call(
      'POST',
      '/sales',
      sale(sam.cardNumber, [
        { sku: 'sourdough-loaves', category: 'bakery', quantity: 2, amount: 800 },
        { sku: 'milk', category: 'dairy', quantity: 1, amount: 1200 },
      ]),
    );
    expect(posted.json()).toMatchObject({
      pointsAwarded: 20 + 16,
      breakdown: [{ points: 20 }, { offerId: 'piano-001', points: 16 }],
    });
    const saleId = posted.json<{ saleId: string }>().saleId;

    const half = await call('POST', `/sales/${saleId}/returns`, {
      returnId: 'RET-1',
      lines: [{ sku: 'sourdough-loaves', quantity: 1, amount: 400 }],
    });
    expect(half.statusCode, half.body).toBe(201);
    expect(half.json()).toMatchObject({
      pointsTaken: 4 + 8,
      breakdown: [
        { reason: 'Points for your shop', points: -4 },
        { offerId: 'piano-001', points: -8 },
      ],
      balance: 36 - 12,
    });
    const repeat = await call('POST', `/sales/${saleId}/returns`, {
      returnId: 'RET-1',
      lines: [{ sku: 'sourdough-loaves', quantity: 1, amount: 400 }],
    });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual(half.json());
    const rest = await call('POST', `/sales/${saleId}/returns`, {
      returnId: 'RET-2',
      lines: [
        { sku: 'sourdough-loaves', quantity: 1, amount: 400 },
        { sku: 'milk', quantity: 1, amount: 1200 },
      ],
    });
    expect(rest.json()).toMatchObject({ pointsTaken: 16 + 8, balance: 0 });
    const tooMany = await call('POST', `/sales/${saleId}/returns`, {
      returnId: 'RET-3',
      lines: [{ sku: 'milk', quantity: 1, amount: 1200 }],
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({
      code: 'RETURN_NOT_POSSIBLE',
      description: 'Nothing more of milk is left to return on this sale.',
    });
  });

  it('never takes the balance below zero: what it no longer holds is answered as not recovered', async () => {
    const { cardNumber, id } = await member();
    const posted = await call(
      'POST',
      '/sales',
      sale(cardNumber, [{ sku: 'tv', category: 'electrical', quantity: 1, amount: 50000 }]),
    );
    expect(posted.json()).toMatchObject({ pointsAwarded: 500 });
    const spend = await call('POST', '/holds', {
      member: { cardNumber },
      points: 450,
      storeId: 's',
      tillId: 't',
    });
    expect(spend.statusCode).toBe(201);
    const back = await call('POST', `/sales/${posted.json<{ saleId: string }>().saleId}/returns`, {
      returnId: 'R',
      lines: [{ sku: 'tv', quantity: 1, amount: 50000 }],
    });
    expect(back.json()).toMatchObject({ pointsTaken: 50, pointsNotRecovered: 450, balance: 0 });
    expect(await pointsBalance(t.app.db, id)).toBe(0);
  });

  it("refuses another partner's sale as not found", async () => {
    const { cardNumber } = await member();
    const posted = await call(
      'POST',
      '/sales',
      sale(cardNumber, [{ sku: 'x', category: 'y', quantity: 1, amount: 100 }]),
    );
    const other = await clientWith(['points:earn'], 'argos');
    const back = await call(
      'POST',
      `/sales/${posted.json<{ saleId: string }>().saleId}/returns`,
      { returnId: 'R', lines: [{ sku: 'x', quantity: 1, amount: 100 }] },
      { token: other.token },
    );
    expect(back.statusCode).toBe(404);
    expect(back.json()).toMatchObject({ code: 'SALE_NOT_FOUND' });
  });
});

describe('spending at the till', () => {
  it('holds, then captures; a held point cannot be spent twice', async () => {
    const { cardNumber, id } = await member(1000);
    const hold = await call('POST', '/holds', {
      member: { cardNumber },
      valuePence: 300,
      storeId: 's',
      tillId: 't',
    });
    expect(hold.statusCode, hold.body).toBe(201);
    expect(hold.json()).toMatchObject({ state: 'HELD', points: 600, valuePence: 300, balance: 400 });
    const short = await call('POST', '/holds', {
      member: { cardNumber },
      points: 401,
      storeId: 's',
      tillId: 't',
    });
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({ code: 'INSUFFICIENT_POINTS' });
    const holdId = hold.json<{ holdId: string }>().holdId;
    const captured = await call('POST', `/holds/${holdId}/capture`);
    expect(captured.json()).toMatchObject({ state: 'CAPTURED', balance: 400 });
    expect((await call('POST', `/holds/${holdId}/capture`)).json()).toMatchObject({ state: 'CAPTURED' });
    const cancel = await call('POST', `/holds/${holdId}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect(await pointsBalance(t.app.db, id)).toBe(400);
  });

  it('gives points back on cancel, and the release job gives back a hold nobody captured; capturing it then is refused', async () => {
    const { cardNumber, id } = await member(500);
    const cancelled = await call('POST', '/holds', {
      member: { cardNumber },
      points: 200,
      storeId: 's',
      tillId: 't',
    });
    const cancelledId = cancelled.json<{ holdId: string }>().holdId;
    expect((await call('POST', `/holds/${cancelledId}/cancel`)).json()).toMatchObject({
      state: 'CANCELLED',
      balance: 500,
    });
    expect((await call('POST', `/holds/${cancelledId}/cancel`)).json()).toMatchObject({
      state: 'CANCELLED',
      balance: 500,
    });

    const forgotten = await call('POST', '/holds', {
      member: { cardNumber },
      points: 300,
      storeId: 's',
      tillId: 't',
    });
    const forgottenId = forgotten.json<{ holdId: string }>().holdId;
    now = new Date(now.getTime() + 16 * 60_000);
    // The till's 10-minute token ended with the clock's move: it asks for a new one, as a till does.
    tillToken = await newTillToken();
    await t.app.jobs.trigger('release-expired-holds');
    await expect
      .poll(
        async () =>
          (await t.app.db.select().from(pointHolds).where(eq(pointHolds.id, forgottenId)))[0]?.state,
      )
      .toBe('EXPIRED');
    expect(await pointsBalance(t.app.db, id)).toBe(500);
    const late = await call('POST', `/holds/${forgottenId}/capture`);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'HOLD_NOT_OPEN' });
  });

  it('refuses a hold while the redemption lock is on, past the daily till limit, and for a temporary card', async () => {
    const { cardNumber, id } = await member(TILL_DAILY_SPEND_POINTS + 10);
    await setRedemptionLock(t.app.db, id, true);
    const locked = await call('POST', '/holds', {
      member: { cardNumber },
      points: 10,
      storeId: 's',
      tillId: 't',
    });
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toMatchObject({ code: 'REDEMPTION_LOCKED' });
    expect(await pointsBalance(t.app.db, id)).toBe(TILL_DAILY_SPEND_POINTS + 10);
    await setRedemptionLock(t.app.db, id, false);
    expect(
      (
        await call('POST', '/holds', {
          member: { cardNumber },
          points: TILL_DAILY_SPEND_POINTS,
          storeId: 's',
          tillId: 't',
        })
      ).statusCode,
    ).toBe(201);
    const over = await call('POST', '/holds', {
      member: { cardNumber },
      points: 1,
      storeId: 's',
      tillId: 't',
    });
    expect(over.json()).toMatchObject({ code: 'SPEND_LIMIT_REACHED' });
    const balance = await call('GET', `/members/${cardNumber}/balance`);
    expect(balance.json()).toEqual({
      cardNumber: cardNumber.replace(/\D/g, ''),
      balance: 10,
      valuePence: 5,
      canSpend: true,
    });
  });

  it('lets a temporary card collect at the retailer without bonus offers, and refuses it a spend or another partner', async () => {
    const { cardNumber, id } = await member(100);
    await loadOffer(id, 'piano-002');
    await t.app.db
      .update(cards)
      .set({ kind: 'temporary', expiresAt: new Date(now.getTime() + 86_400_000) })
      .where(eq(cards.number, cardNumber));
    const posted = await call(
      'POST',
      '/sales',
      sale(cardNumber, [{ sku: 'sparkling-water', category: 'drinks', quantity: 1, amount: 500 }]),
    );
    expect(posted.json()).toMatchObject({ pointsAwarded: 5, breakdown: [{ points: 5 }] });
    const refused = await call('POST', '/holds', {
      member: { cardNumber },
      points: 1,
      storeId: 's',
      tillId: 't',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'TEMPORARY_CARD_NOT_ALLOWED' });
    const argos = await clientWith(['points:earn'], 'argos');
    const elsewhere = await call(
      'POST',
      '/sales',
      sale(cardNumber, [{ sku: 'x', category: 'y', quantity: 1, amount: 500 }]),
      { token: argos.token },
    );
    expect(elsewhere.json()).toMatchObject({ code: 'TEMPORARY_CARD_NOT_ALLOWED' });
  });
});

describe('the books after a burst', () => {
  it('finds nothing wrong after sales, returns and holds in parallel', async () => {
    const members = await Promise.all([member(2000), member(2000), member(2000)]);
    await Promise.all(
      members.flatMap(({ cardNumber }) => [
        (async () => {
          const posted = await call(
            'POST',
            '/sales',
            sale(cardNumber, [{ sku: 'x', category: 'y', quantity: 3, amount: 3000 }]),
          );
          const saleId = posted.json<{ saleId: string }>().saleId;
          await Promise.all([
            call('POST', `/sales/${saleId}/returns`, {
              returnId: 'A',
              lines: [{ sku: 'x', quantity: 1, amount: 1000 }],
            }),
            call('POST', `/sales/${saleId}/returns`, {
              returnId: 'B',
              lines: [{ sku: 'x', quantity: 1, amount: 1000 }],
            }),
          ]);
        })(),
        ...Array.from({ length: 4 }, async (_, index) => {
          const hold = await call('POST', '/holds', {
            member: { cardNumber },
            points: 300,
            storeId: 's',
            tillId: 't',
          });
          const holdId = hold.json<{ holdId: string }>().holdId;
          const settled = await call('POST', `/holds/${holdId}/${index % 2 === 0 ? 'capture' : 'cancel'}`);
          expect([hold.statusCode, settled.statusCode], `${hold.body} ${settled.body}`).toEqual([201, 200]);
        }),
      ]),
    );
    for (const { id } of members) expect(await pointsBalance(t.app.db, id)).toBe(2000 + 30 - 20 - 600);
    const report = await createLedgerCheckService({ db: t.app.db, clock: t.app.clock }).check();
    expect(report.results.filter((result) => result.count > 0)).toEqual([]);
    const entries = await t.app.db
      .select()
      .from(pointsLedger)
      .where(like(pointsLedger.idempotencyKey, 'partner-%'));
    expect(entries.length).toBeGreaterThan(0);
  });
});

describe('the sandbox till', () => {
  it("lists each partner's shelf and gets a token the partner API takes, as a partner's till would", async () => {
    const shelves = await t.app.inject('/dev/till/shelves');
    expect(shelves.statusCode).toBe(200);
    const partners = shelves.json<{ partners: Array<{ id: string; products: Array<{ sku: string }> }> }>()
      .partners;
    expect(partners.map((partner) => partner.id)).toEqual(expect.arrayContaining(['retailer', 'fuel']));
    expect(partners.find((partner) => partner.id === 'retailer')?.products.map((p) => p.sku)).toContain(
      'sourdough-loaves',
    );
    const token = await t.app.inject({
      method: 'POST',
      url: '/dev/till/token',
      headers: jsWeb,
      payload: { partnerId: 'fuel' },
    });
    expect(token.statusCode, token.body).toBe(200);
    const { cardNumber } = await member();
    const posted = await call(
      'POST',
      '/sales',
      sale(cardNumber, [{ sku: 'unleaded', category: 'fuel', quantity: 1, amount: 4350 }]),
      {
        token: token.json<{ accessToken: string }>().accessToken,
      },
    );
    expect(posted.json()).toMatchObject({ pointsAwarded: 43 });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/dev/till/token',
      headers: jsWeb,
      payload: { partnerId: 'nobody' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('webhooks to partners', () => {
  it('tells the client of a sale, a capture and a release, signed by Standard Webhooks, and logs each delivery', async () => {
    const received: Array<{ body: string; headers: Record<string, string> }> = [];
    let answer = 500;
    const receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({ body, headers: request.headers as Record<string, string> });
        response.writeHead(answer).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const port = (receiver.address() as AddressInfo).port;
      const client = await clientWith(['points:earn', 'points:spend']);
      const { secret } = await setPartnerWebhook(t.app.db, client.clientId, `http://127.0.0.1:${port}/hooks`);
      const { cardNumber } = await member(1000);
      const posted = await call(
        'POST',
        '/sales',
        sale(cardNumber, [{ sku: 'x', category: 'y', quantity: 1, amount: 1234 }]),
        { token: client.token },
      );
      expect(posted.statusCode).toBe(201);
      await expect.poll(() => received.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
      // The first answer was a 500: the delivery is logged as tried, not delivered, and will be tried again.
      await expect
        .poll(async () =>
          (await call('GET', '/webhook-deliveries', undefined, { token: client.token })).json(),
        )
        .toMatchObject({
          deliveries: [{ type: 'points.awarded', attempts: 1, lastStatus: 500, deliveredAt: null }],
        });

      answer = 204;
      const hold = await call(
        'POST',
        '/holds',
        { member: { cardNumber }, points: 100, storeId: 's', tillId: 't' },
        { token: client.token },
      );
      await call('POST', `/holds/${hold.json<{ holdId: string }>().holdId}/cancel`, undefined, {
        token: client.token,
      });
      await expect
        .poll(() => received.some((delivery) => delivery.body.includes('points.released')), {
          timeout: 15_000,
        })
        .toBe(true);
      const verifier = new Webhook(secret);
      const first = verifier.verify(received[0]!.body, received[0]!.headers) as {
        type: string;
        data: Record<string, unknown>;
      };
      expect(first).toMatchObject({
        type: 'points.awarded',
        data: { saleId: posted.json<{ saleId: string }>().saleId, pointsAwarded: 12 },
      });
      const released = received.find((delivery) => delivery.body.includes('points.released'));
      expect(released).toBeDefined();
      expect(verifier.verify(released!.body, released!.headers)).toMatchObject({
        data: { state: 'CANCELLED', points: 100 },
      });
      expect(() =>
        new Webhook(`whsec_${Buffer.from('another secret, 32 bytes long...').toString('base64')}`).verify(
          released!.body,
          released!.headers,
        ),
      ).toThrow();
      await expect
        .poll(async () =>
          (await call('GET', '/webhook-deliveries', undefined, { token: client.token }))
            .json<{
              deliveries: Array<{ type: string; deliveredAt: string | null }>;
            }>()
            .deliveries.find((delivery) => delivery.type === 'points.released'),
        )
        .toMatchObject({ type: 'points.released', deliveredAt: expect.any(String) });
    } finally {
      receiver.close();
    }
  });

  it('refuses an address that is not https, outside localhost', async () => {
    const client = await clientWith(['points:earn']);
    await expect(
      setPartnerWebhook(t.app.db, client.clientId, 'http://partner.example/hooks'),
    ).rejects.toThrow('must be https');
  });
});

describe('the typed client in the contracts', () => {
  it("drives a till's whole day over HTTP and answers errors as PartnerApiError", async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const client = createPartnerApiClient({ baseUrl: address, accessToken: () => tillToken });
    const { cardNumber } = await member(1000);
    const sold = await client.sale(
      sale(cardNumber, [{ sku: 'x', category: 'y', quantity: 2, amount: 2000 }]),
      randomUUID(),
    );
    expect(sold).toMatchObject({ pointsAwarded: 20, balance: 1020 });
    const back = await client.returnSale(
      sold.saleId,
      { returnId: 'R1', lines: [{ sku: 'x', quantity: 1, amount: 1000 }] },
      randomUUID(),
    );
    expect(back).toMatchObject({ pointsTaken: 10, balance: 1010 });
    const held = await client.hold(
      { member: { cardNumber }, points: 500, storeId: 's', tillId: 't' },
      randomUUID(),
    );
    expect(await client.capture(held.holdId)).toMatchObject({ state: 'CAPTURED', balance: 510 });
    expect(await client.balance(cardNumber)).toMatchObject({ balance: 510, canSpend: true });
    await expect(client.cancel(held.holdId)).rejects.toMatchObject({ status: 409, code: 'HOLD_NOT_OPEN' });
    await expect(client.balance('98263000 000 0000 0000')).rejects.toBeInstanceOf(PartnerApiError);
  });
});
