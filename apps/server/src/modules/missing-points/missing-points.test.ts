// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_OPEN_CLAIMS,
  missingPointsMessages,
  referenceKey,
  ukDate,
  type ClaimAnswer,
  type ClaimsResponse,
} from '@app/contracts/missing-points';
import { transactionDetails } from '../../db/schema/card-activity.ts';
import { cards } from '../../db/schema/core.ts';
import { missingPointsClaims, missingPointsReceipts, pendingPoints } from '../../db/schema/missing-points.ts';
import { pointsLedger } from '../../db/schema/points-ledger.ts';
import { pointsBalance, recordPoints } from '../../lib/points-ledger.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { buildTestApp, newAccountMember, type TestApp } from '../../test/build-test-app.ts';
import { pendingPointsOf, postDuePendingPoints } from './pending-points.ts';
import { claimLedgerKey } from '../../lib/ledger-keys.ts';
import { createMissingPointsService } from './service.ts';

const CLAIMS = '/ledger-api/missing-points';
const DAY_MS = 86_400_000;
/** The file's fixed "now" (midday in London): every date below is counted from it. */
const NOW = new Date('2031-06-15T11:00:00Z');
const daysAgo = (days: number) => ukDate(new Date(NOW.getTime() - days * DAY_MS));

/** A real 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ DEV_TOOLS: 'on' }, { now: () => NOW });
});
afterAll(async () => t.close());

async function makeMember() {
  const response = await newAccountMember(t);
  const { cardNumber, email } = response.json<{ cardNumber: string; email: string }>();
  const [card] = await t.app.db.select().from(cards).where(eq(cards.number, cardNumber));
  return {
    id: card?.collectorId ?? '',
    email,
    cookies: { [SESSION_COOKIE]: response.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? '' },
  };
}
type Member = Awaited<ReturnType<typeof makeMember>>;

interface ClaimInput {
  partner?: string;
  purchasedOn?: string;
  spend?: string;
  reference?: string;
  receipt?: { name: string; type: string; content: Buffer };
}

/** A claim as the browser sends it: multipart, built by the platform's own FormData. */
async function postClaim(
  member: Member | undefined,
  input: ClaimInput = {},
  headers = { channel: 'JS-WEB' },
) {
  const form = new FormData();
  form.set('partner', input.partner ?? 'argos');
  form.set('purchasedOn', input.purchasedOn ?? daysAgo(3));
  form.set('spend', input.spend ?? '45.99');
  form.set('reference', input.reference ?? `ORD-${randomUUID().slice(0, 8)}`);
  if (input.receipt) {
    form.set(
      'receipt',
      new Blob([new Uint8Array(input.receipt.content)], { type: input.receipt.type }),
      input.receipt.name,
    );
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url: CLAIMS,
    headers: { ...headers, 'content-type': request.headers.get('content-type') ?? '' },
    payload: Buffer.from(await request.arrayBuffer()),
    ...(member ? { cookies: member.cookies } : {}),
  });
}

const claimsOf = async (member: Member) => {
  const response = await t.app.inject({ url: CLAIMS, cookies: member.cookies });
  expect(response.statusCode).toBe(200);
  return response.json<ClaimsResponse>();
};
const storedClaims = (member: Member) =>
  t.app.db.select().from(missingPointsClaims).where(eq(missingPointsClaims.collectorId, member.id));

const service = () =>
  createMissingPointsService({
    db: t.app.db,
    clock: t.app.clock,
    notify: t.app.notify,
    publicUrl: t.config.publicUrl,
    feed: t.app.changes,
  });

async function storedClaimOf(member: Member, input: ClaimInput = {}) {
  const response = await postClaim(member, input);
  expect(response.statusCode, response.body).toBe(201);
  const answer = response.json<ClaimAnswer>();
  if (answer.outcome !== 'STORED') throw new Error(`not stored: ${answer.outcome}`);
  return answer.claim;
}

const ledgerEntriesWithKey = (key: string) =>
  t.app.db.select().from(pointsLedger).where(eq(pointsLedger.idempotencyKey, key));

describe('a missing-points claim', () => {
  it('is stored OPEN with its receipt (type found in the content) and listed to its owner only', async () => {
    const member = await makeMember();
    const other = await makeMember();
    const claim = await storedClaimOf(member, {
      reference: 'abc 123-45',
      spend: '£1,204.5',
      receipt: { name: 'photo.png', type: 'image/png', content: PNG },
    });
    expect(claim).toMatchObject({
      status: 'OPEN',
      partner: 'argos',
      partnerName: 'Argos',
      spendPence: 120_450,
      reference: 'abc 123-45',
      hasReceipt: true,
      pointsGranted: null,
    });
    const [receipt] = await t.app.db
      .select()
      .from(missingPointsReceipts)
      .where(eq(missingPointsReceipts.claimId, claim.id));
    expect(receipt).toMatchObject({ mediaType: 'image/png', sizeBytes: PNG.length });
    expect(Buffer.from(receipt?.content ?? []).equals(PNG)).toBe(true);

    expect(await claimsOf(member)).toMatchObject({ claims: [{ id: claim.id }], openCount: 1, maxOpen: 5 });
    expect(await claimsOf(other)).toEqual({ claims: [], openCount: 0, maxOpen: 5 });
  });

  it('takes a PDF receipt, and a claim without one', async () => {
    const member = await makeMember();
    const withPdf = await storedClaimOf(member, {
      receipt: { name: 'order.pdf', type: 'application/pdf', content: PDF },
    });
    expect(withPdf.hasReceipt).toBe(true);
    const without = await storedClaimOf(member, { partner: 'retailer' });
    expect(without.hasReceipt).toBe(false);
  });

  it('refuses a receipt that is text named .jpg (415), whatever its declared type, and stores nothing', async () => {
    const member = await makeMember();
    const response = await postClaim(member, {
      receipt: {
        name: 'receipt.jpg',
        type: 'image/jpeg',
        content: Buffer.from('this is not a photo\n'.repeat(50)),
      },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      code: 'RECEIPT_TYPE_NOT_ALLOWED',
      description: missingPointsMessages.receiptType,
    });
    // A GIF is an image, but not one of the three.
    const gif = await postClaim(member, {
      receipt: {
        name: 'receipt.png',
        type: 'image/png',
        content: Buffer.from('GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;'),
      },
    });
    expect(gif.statusCode).toBe(415);
    expect(await storedClaims(member)).toEqual([]);
  });

  it('refuses a receipt over 5 MB (413) and stores nothing', async () => {
    const member = await makeMember();
    const big = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
    const response = await postClaim(member, {
      receipt: { name: 'big.png', type: 'image/png', content: big },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      code: 'RECEIPT_TOO_LARGE',
      description: missingPointsMessages.receiptTooLarge,
    });
    expect(await storedClaims(member)).toEqual([]);
  });

  it('takes purchases of the last 90 days only, never in the future', async () => {
    const member = await makeMember();
    const old = await postClaim(member, { purchasedOn: daysAgo(91) });
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual({
      code: 'CLAIM_PURCHASE_TOO_OLD',
      description: missingPointsMessages.dateTooOld,
    });
    const future = await postClaim(member, { purchasedOn: daysAgo(-1) });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toEqual({
      code: 'CLAIM_PURCHASE_IN_FUTURE',
      description: missingPointsMessages.dateInFuture,
    });
    expect((await postClaim(member, { purchasedOn: '2031-02-30' })).json()).toMatchObject({
      code: 'VALIDATION',
    });
    expect(await storedClaims(member)).toEqual([]);
    expect((await postClaim(member, { purchasedOn: daysAgo(90) })).statusCode).toBe(201);
    expect((await postClaim(member, { purchasedOn: daysAgo(0) })).statusCode).toBe(201);
  });

  it('answers each broken field with the form’s own message', async () => {
    const member = await makeMember();
    const cases: Array<[ClaimInput, string]> = [
      [{ partner: 'tesco' }, missingPointsMessages.partnerRequired],
      [{ spend: '12.345' }, missingPointsMessages.spendInvalid],
      [{ spend: '0' }, missingPointsMessages.spendRange],
      [{ reference: 'a;' }, missingPointsMessages.referenceInvalid],
    ];
    for (const [input, description] of cases) {
      const response = await postClaim(member, input);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'VALIDATION', description });
    }
  });

  it('takes one claim per purchase: the same partner and reference, however it is typed', async () => {
    const member = await makeMember();
    await storedClaimOf(member, { reference: 'INV-2031-0042' });
    const again = await postClaim(member, { reference: 'inv 2031 0042', spend: '10.00' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'CLAIM_DUPLICATE', description: missingPointsMessages.duplicate });
    // The same reference at another partner is another purchase.
    expect((await postClaim(member, { reference: 'INV-2031-0042', partner: 'ebay' })).statusCode).toBe(201);
  });

  it(`keeps at most ${MAX_OPEN_CLAIMS} open at once; a settled one makes room`, async () => {
    const member = await makeMember();
    const claims = [];
    for (let i = 0; i < MAX_OPEN_CLAIMS; i += 1) claims.push(await storedClaimOf(member));
    const sixth = await postClaim(member);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toEqual({ code: 'CLAIM_OPEN_LIMIT', description: missingPointsMessages.openLimit });
    await service().refuse(claims[0]?.id ?? '', 'No purchase found at Argos on that day.');
    expect((await postClaim(member)).statusCode).toBe(201);
  });

  it('needs the channel header and a session', async () => {
    const member = await makeMember();
    expect((await postClaim(member, {}, {} as { channel: string })).statusCode).toBe(400);
    expect((await postClaim(undefined)).statusCode).toBe(401);
    expect((await t.app.inject({ url: CLAIMS })).statusCode).toBe(401);
  });
});

describe('matching first', () => {
  it('answers at once when the points are on their way, and stores nothing', async () => {
    const member = await makeMember();
    const created = await t.app.inject({
      method: 'POST',
      url: '/dev/missing-points/pending',
      headers: { channel: 'JS-WEB', 'content-type': 'application/json' },
      cookies: member.cookies,
      payload: {
        partner: 'argos',
        daysAgo: 2,
        spendPence: 6400,
        reference: 'ARG-77-1',
        points: 128,
        dueInDays: 4,
      },
    });
    expect(created.statusCode).toBe(201);
    const response = await postClaim(member, {
      reference: 'arg 77 1',
      purchasedOn: daysAgo(2),
      spend: '64.00',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<ClaimAnswer>()).toEqual({
      outcome: 'PENDING',
      pending: expect.objectContaining({
        points: 128,
        expectedOn: ukDate(new Date(NOW.getTime() + 4 * DAY_MS)),
      }),
    });
    // By day and spend too, when the reference was mistyped.
    const bySpend = await postClaim(member, { reference: 'WRONG-REF', purchasedOn: daysAgo(2), spend: '64' });
    expect(bySpend.json<ClaimAnswer>().outcome).toBe('PENDING');
    expect(await storedClaims(member)).toEqual([]);
    expect(await pendingPointsOf(t.app.db, member.id)).toMatchObject({
      total: 128,
      entries: [{ points: 128 }],
    });
  });

  it('answers at once with the credited entry and a link to its digital receipt', async () => {
    const member = await makeMember();
    const receiptId = randomUUID();
    await recordPoints(
      t.app.db,
      {
        collectorId: member.id,
        amount: 23,
        reason: 'Shopping',
        source: 'sainsburys-till',
        idempotencyKey: randomUUID(),
        at: new Date(NOW.getTime() - 5 * DAY_MS),
      },
      undefined,
      async (tx, ledgerEntryId) => {
        await tx.insert(transactionDetails).values({
          ledgerEntryId,
          collectorId: member.id,
          partnerKind: 'RETAILER',
          partnerName: "Sainsbury's",
          spendPence: 2375,
          receiptId,
        });
      },
    );
    const response = await postClaim(member, {
      partner: 'retailer',
      purchasedOn: daysAgo(5),
      spend: '23.75',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<ClaimAnswer>()).toEqual({
      outcome: 'CREDITED',
      credited: expect.objectContaining({
        points: 23,
        partnerName: "Sainsbury's",
        spendPence: 2375,
        creditedOn: daysAgo(5),
        receiptPath: `/activity/receipt/${receiptId}`,
      }),
    });
    // The receipt's id typed as the reference finds it as well.
    const byId = await postClaim(member, {
      partner: 'retailer',
      reference: receiptId.toUpperCase(),
      spend: '1',
    });
    expect(byId.json<ClaimAnswer>().outcome).toBe('CREDITED');
    expect(await storedClaims(member)).toEqual([]);
  });
});

describe('points on their way', () => {
  it('are posted to the ledger once when their day comes, however many runs', async () => {
    const member = await makeMember();
    const [row] = await t.app.db
      .insert(pendingPoints)
      .values({
        collectorId: member.id,
        partner: 'ebay',
        purchasedOn: daysAgo(10),
        spendPence: 3000,
        reference: 'EB-1',
        referenceKey: referenceKey('EB-1'),
        points: 60,
        expectedOn: daysAgo(0),
      })
      .returning();
    await t.app.db.insert(pendingPoints).values({
      collectorId: member.id,
      partner: 'ebay',
      purchasedOn: daysAgo(1),
      spendPence: 1000,
      reference: 'EB-2',
      referenceKey: referenceKey('EB-2'),
      points: 20,
      expectedOn: daysAgo(-3),
    });
    const deps = { db: t.app.db, clock: t.app.clock };
    await Promise.all([postDuePendingPoints(deps), postDuePendingPoints(deps), postDuePendingPoints(deps)]);
    expect(await ledgerEntriesWithKey(`pending-points:${row?.id}`)).toHaveLength(1);
    expect(await pointsBalance(t.app.db, member.id)).toBe(60);
    const [posted] = await t.app.db
      .select()
      .from(pendingPoints)
      .where(eq(pendingPoints.id, row?.id ?? ''));
    expect(posted?.postedAt).not.toBeNull();
    expect(await pendingPointsOf(t.app.db, member.id)).toMatchObject({
      total: 20,
      entries: [{ reference: 'EB-2' }],
    });
    // Once posted, a claim for it finds the credited entry.
    const answer = await postClaim(member, {
      partner: 'ebay',
      reference: 'eb 1',
      purchasedOn: daysAgo(10),
      spend: '9',
    });
    expect(answer.json<ClaimAnswer>().outcome).toBe('CREDITED');
  });
});

describe('settling a claim', () => {
  const outboxTo = async (email: string) =>
    (await t.app.notify.listOutbox()).filter((message) => message.to === email);

  it('grants the points through the ledger once and emails the member', async () => {
    const member = await makeMember();
    const claim = await storedClaimOf(member);
    const granted = await service().grant(claim.id, 92, 'Found at the till.');
    expect(granted).toMatchObject({
      status: 'GRANTED',
      pointsGranted: 92,
      operatorNote: 'Found at the till.',
    });
    await expect(service().grant(claim.id, 92)).rejects.toMatchObject({
      statusCode: 409,
      code: 'CLAIM_ALREADY_SETTLED',
    });
    await expect(service().refuse(claim.id, 'late')).rejects.toMatchObject({ code: 'CLAIM_ALREADY_SETTLED' });
    expect(await ledgerEntriesWithKey(claimLedgerKey(claim.id))).toHaveLength(1);
    expect(await pointsBalance(t.app.db, member.id)).toBe(92);
    expect((await claimsOf(member)).claims[0]).toMatchObject({ status: 'GRANTED', pointsGranted: 92 });

    const [email] = await outboxTo(member.email);
    expect(email?.subject).toBe('Your missing points claim: 92 points added');
    expect(email?.text).toContain("we've added 92 points to your balance");
    expect(email?.links).toContain(`${t.config.publicUrl}/account/missing-points`);
  });

  it('refuses with the reason, in the account and in the email, and adds nothing', async () => {
    const member = await makeMember();
    const claim = await storedClaimOf(member);
    await service().refuse(claim.id, 'This order was cancelled and refunded.');
    expect((await claimsOf(member)).claims[0]).toMatchObject({
      status: 'REFUSED',
      operatorNote: 'This order was cancelled and refunded.',
      pointsGranted: null,
    });
    expect(await ledgerEntriesWithKey(claimLedgerKey(claim.id))).toHaveLength(0);
    const [email] = await outboxTo(member.email);
    expect(email?.subject).toBe('Your missing points claim: our answer');
    expect(email?.text).toContain('Reason: This order was cancelled and refunded.');
  });

  it('answers 404 for a claim that does not exist', async () => {
    await expect(service().grant(randomUUID(), 10)).rejects.toMatchObject({
      statusCode: 404,
      code: 'CLAIM_NOT_FOUND',
    });
    await expect(service().refuse('not-an-id', 'x')).rejects.toMatchObject({ code: 'CLAIM_NOT_FOUND' });
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('grants at the same time (PostgreSQL)', () => {
  it('writes one ledger entry for ten concurrent grants, and a refusal racing them wins or loses whole', async () => {
    const member = await makeMember();
    const claim = await storedClaimOf(member);
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => service().grant(claim.id, 50)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await ledgerEntriesWithKey(claimLedgerKey(claim.id))).toHaveLength(1);
    expect(await pointsBalance(t.app.db, member.id)).toBe(50);

    const raced = await storedClaimOf(member);
    const race = await Promise.allSettled([
      ...Array.from({ length: 5 }, () => service().grant(raced.id, 70)),
      service().refuse(raced.id, 'Duplicate of another claim.'),
    ]);
    expect(race.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [row] = await t.app.db
      .select()
      .from(missingPointsClaims)
      .where(and(eq(missingPointsClaims.id, raced.id)));
    const entries = await ledgerEntriesWithKey(claimLedgerKey(raced.id));
    expect(entries).toHaveLength(row?.status === 'GRANTED' ? 1 : 0);
    expect(await pointsBalance(t.app.db, member.id)).toBe(row?.status === 'GRANTED' ? 120 : 50);
  });
});
