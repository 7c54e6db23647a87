// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { randomUUID } from 'node:crypto';
import bwipjs from 'bwip-js/node';
import { and, eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEMP_CARD_WORDING_VERSION } from '@app/contracts/temp-card';
import { demoCollector } from '../../start-data/demo-collector.ts';
import { cards, collectors, consents, credentials } from '../../db/schema/core.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { pointsBalance, recordPoints } from '../../lib/points-ledger.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { buildTestApp, jsWeb, type TestApp } from '../../test/build-test-app.ts';
import { decodeCode128 } from '../../test/decode-barcode.ts';
import { CARD_BARCODE_OPTIONS } from '../../lib/barcode.ts';
import { assertCardNumberMay, assertFullCardHolder } from '../../lib/card-capabilities.ts';
import { upgradeTemporaryCard } from './service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const ISSUED_AT = new Date('2026-11-22T09:30:00.000Z');
const agreed = { termsAccepted: true, privacyAccepted: true };

describe('temporary card (/nectar-lite)', () => {
  let t: TestApp;
  const clock = { at: ISSUED_AT };

  // One app for the file (ADR 027); each test starts at the same time of day and uses members of its own.
  beforeAll(async () => {
    t = await buildTestApp({}, { now: () => clock.at });
  });
  afterAll(async () => t.close());
  // Each test is a visitor of its own, so one test's requests do not use up the next one's rate limit.
  let visitor = 0;
  beforeEach(() => {
    clock.at = ISSUED_AT;
    visitor += 1;
  });

  const requestCard = (email: string, body: Record<string, unknown> = agreed) =>
    t.app.inject({
      method: 'POST',
      url: '/nectar-lite/access-email',
      headers: jsWeb,
      payload: { email, ...body },
      remoteAddress: `203.0.113.${visitor}`,
    });

  const outboxFor = async (to: string) => {
    const entries = (await t.app.inject('/dev/outbox')).json<
      { to: string; subject: string; links: string[] }[]
    >();
    return entries.filter((entry) => entry.to.toLowerCase() === to.toLowerCase());
  };

  const tokenFrom = (link: string) => {
    const match = /\/temp-card\/your-card\/([\w-]+)$/.exec(link);
    if (!match?.[1]) throw new Error(`not a card link: ${link}`);
    return match[1];
  };

  /** The temporary card issued to `email` (each test uses an email of its own: the app serves the whole file). */
  const temporaryCardOf = async (email: string) => {
    const [row] = await t.app.db
      .select({ card: cards })
      .from(cards)
      .innerJoin(collectors, eq(cards.collectorId, collectors.id))
      .where(and(eq(cards.kind, 'temporary'), eq(collectors.email, email)));
    return row?.card;
  };

  const getCard = (token: string) => t.app.inject(`/nectar-lite/card?token=${token}`);

  const issue = async (email: string) => {
    const res = await requestCard(email);
    expect(res.statusCode).toBe(200);
    const [mail] = await outboxFor(email);
    return tokenFrom(mail?.links[0] ?? '');
  };

  it('issues a 30-day temporary card to an email and sends its link through the outbox', async () => {
    const res = await requestCard('  sam@example.com ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'EMAIL_SENT', sendsRemaining: 2 });

    const mails = await outboxFor('sam@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Your temporary Nectar card');
    expect(mails[0]?.links[0]).toMatch(new RegExp(`^${t.config.publicUrl}/temp-card/your-card/[\\w-]{43}$`));

    const [collector] = await t.app.db
      .select()
      .from(collectors)
      .where(eq(collectors.email, 'sam@example.com'));
    expect(collector).toMatchObject({
      firstName: null,
      lastName: null,
      dateOfBirth: null,
      phoneNumber: null,
    });
    const [card] = await t.app.db
      .select()
      .from(cards)
      .where(eq(cards.collectorId, collector?.id ?? ''));
    expect(card?.kind).toBe('temporary');
    expect(card?.number).toMatch(/^98263000\d{11}$/);
    expect(card?.issuedAt.toISOString()).toBe(ISSUED_AT.toISOString());
    expect(card?.expiresAt?.toISOString()).toBe(new Date(ISSUED_AT.getTime() + 30 * DAY_MS).toISOString());

    const stored = await t.app.db
      .select()
      .from(consents)
      .where(eq(consents.collectorId, collector?.id ?? ''));
    expect(stored.map((row) => row.kind).sort()).toEqual([
      'age-18-or-over',
      'privacy-policy',
      'temp-card-collector-rules',
      'uk-resident',
    ]);
    for (const row of stored) {
      expect(row.wordingVersion).toBe(TEMP_CARD_WORDING_VERSION);
      expect(row.agreedAt.toISOString()).toBe(ISSUED_AT.toISOString());
    }
  });

  it('answers the card behind the link with its number, expiry and a code128 barcode of the number', async () => {
    const token = await issue('barcode@example.com');
    const res = await getCard(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<{ cardNumber: string; barcodePng: string; expiresAt: string; daysLeft: number }>();
    const card = await temporaryCardOf('barcode@example.com');
    expect(body.cardNumber).toBe(card?.number);
    expect(body.expiresAt).toBe('2026-12-22T09:30:00.000Z');
    expect(body.daysLeft).toBe(30);
    const sent = Buffer.from(body.barcodePng, 'base64');
    expect(sent.subarray(1, 4).toString()).toBe('PNG');
    expect(decodeCode128(body.barcodePng)).toBe(body.cardNumber);
    // The same pixels as bwip-js draws with the till-sized options, in a small greyscale file.
    const reference = PNG.sync.read(
      await bwipjs.toBuffer({ ...CARD_BARCODE_OPTIONS, text: body.cardNumber }),
    );
    const image = PNG.sync.read(sent);
    expect([image.width, image.height]).toEqual([reference.width, reference.height]);
    expect(image.data.equals(reference.data)).toBe(true);
    expect(sent.length).toBeLessThan(1_500);
  });

  it('is valid until the last instant of day 29 and expired from day 30 (clock injected)', async () => {
    const token = await issue('expiry@example.com');
    const card = await temporaryCardOf('expiry@example.com');
    const number = card?.number ?? '';

    clock.at = new Date(ISSUED_AT.getTime() + 30 * DAY_MS - 1);
    const lastMoment = await getCard(token);
    expect(lastMoment.statusCode).toBe(200);
    expect(lastMoment.json()).toMatchObject({ daysLeft: 1 });
    await expect(assertCardNumberMay(t.app.db, number, 'collect-points', clock.at)).resolves.toBeDefined();

    clock.at = new Date(ISSUED_AT.getTime() + 30 * DAY_MS);
    const dayThirty = await getCard(token);
    expect(dayThirty.statusCode).toBe(410);
    expect(dayThirty.json()).toEqual({
      code: 'TEMP_CARD_EXPIRED',
      description: 'Your temporary card expired on 22 December 2026.',
    });
    // Expired means refused for everything a temporary card could otherwise do.
    for (const action of ['collect-points', 'member-prices'] as const) {
      await expect(assertCardNumberMay(t.app.db, number, action, clock.at)).rejects.toMatchObject({
        statusCode: 403,
        code: 'TEMP_CARD_EXPIRED',
      });
    }
  });

  it('re-sends the link to the same card, at most 3 emails an hour', async () => {
    await issue('resend@example.com');
    clock.at = new Date(ISSUED_AT.getTime() + 60_000);
    expect((await requestCard('RESEND@example.com')).json()).toEqual({
      status: 'EMAIL_SENT',
      sendsRemaining: 1,
    });
    clock.at = new Date(ISSUED_AT.getTime() + 120_000);
    expect((await requestCard('resend@example.com')).json()).toEqual({
      status: 'EMAIL_SENT',
      sendsRemaining: 0,
    });

    clock.at = new Date(ISSUED_AT.getTime() + 180_000);
    const fourth = await requestCard('resend@example.com');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({
      code: 'TEMP_CARD_SEND_LIMIT',
      description:
        "You've asked for this email a few times already. Please check your inbox and junk folder, or try again in an hour.",
    });
    expect(await outboxFor('resend@example.com')).toHaveLength(3);

    // Every link opens the one card: a re-send never issues a second card.
    const links = (await outboxFor('resend@example.com')).map((mail) => tokenFrom(mail.links[0] ?? ''));
    const numbers = await Promise.all(
      links.map(async (token) => (await getCard(token)).json<{ cardNumber: string }>().cardNumber),
    );
    expect(new Set(numbers).size).toBe(1);
    const card = await temporaryCardOf('resend@example.com');
    expect(
      await t.app.db
        .select()
        .from(cards)
        .where(eq(cards.collectorId, card?.collectorId ?? '')),
    ).toHaveLength(1);
    // Acknowledgements are stored once per wording version, not once per email.
    expect(
      await t.app.db
        .select()
        .from(consents)
        .where(and(eq(consents.collectorId, card?.collectorId ?? ''), eq(consents.kind, 'uk-resident'))),
    ).toHaveLength(1);

    clock.at = new Date(ISSUED_AT.getTime() + 61 * 60_000);
    expect((await requestCard('resend@example.com')).statusCode).toBe(200);
  });

  it('issues one card for one email when requests race, and keeps to the send limit', async () => {
    // Meaningful against PostgreSQL (TEST_DB=postgres), where the requests really run at the same time.
    const answers = await Promise.all(Array.from({ length: 6 }, () => requestCard('race@example.com')));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 200, 200, 429, 429, 429]);
    const [collector] = await t.app.db
      .select()
      .from(collectors)
      .where(eq(collectors.email, 'race@example.com'));
    expect(
      await t.app.db
        .select()
        .from(cards)
        .where(eq(cards.collectorId, collector?.id ?? '')),
    ).toHaveLength(1);
    expect(await outboxFor('race@example.com')).toHaveLength(3);
  });

  it("gives an email with a full account registration's answer and sends nothing", async () => {
    for (const email of [demoCollector.email, demoCollector.email.toUpperCase()]) {
      const res = await requestCard(email);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 'DUPLICATE_EMAIL', description: 'Please log in.' });
    }
    expect(await outboxFor(demoCollector.email)).toHaveLength(0);
  });

  it('refuses a bad payload with the messages of the form, and writes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: '', ...agreed }, 'Please enter your email address'],
      [{ email: 'sam@', ...agreed }, 'Please enter valid email'],
      [
        { email: 'refused@example.com', termsAccepted: false, privacyAccepted: true },
        'Confirm you agree before continuing',
      ],
      [{ email: 'refused@example.com', termsAccepted: true }, 'Confirm before continuing'],
    ];
    const temporaryCards = async () =>
      (await t.app.db.select().from(cards).where(eq(cards.kind, 'temporary'))).length;
    const before = await temporaryCards();
    for (const [payload, description] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/nectar-lite/access-email',
        headers: jsWeb,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION', description });
    }
    expect(await temporaryCards()).toBe(before);
    expect(
      await t.app.db.select().from(collectors).where(eq(collectors.email, 'refused@example.com')),
    ).toEqual([]);
  });

  it('gives a temporary card no spend and no conversions, even with a session', async () => {
    await issue('nospend@example.com');
    const card = await temporaryCardOf('nospend@example.com');
    const collectorId = card?.collectorId ?? '';
    await recordPoints(t.app.db, {
      collectorId,
      cardNumber: card?.number,
      amount: 5000,
      reason: 'Shopping',
      source: 'sainsburys-till',
      idempotencyKey: 'nospend-1',
      at: clock.at,
    });
    const cookies = { [SESSION_COOKIE]: (await t.app.sessions.create(collectorId)).token };
    const refused = {
      code: 'TEMPORARY_CARD_NOT_ALLOWED',
      description:
        "This isn't available with a temporary card. Register for a full Nectar account to use it.",
    };
    const spend = await t.app.inject({
      method: 'POST',
      url: '/offers-api/redemptions',
      headers: jsWeb,
      cookies,
      payload: { rewardId: 'retailer-5', idempotencyKey: randomUUID() },
    });
    expect(spend.statusCode).toBe(403);
    expect(spend.json()).toEqual(refused);
    const convert = await t.app.inject({
      method: 'POST',
      url: '/points-exchange-api/conversions/twofa',
      headers: jsWeb,
      cookies,
      payload: { partnerId: 'AVIOS', conversionType: 'NECTAR_TO_PARTNER', points: 800 },
    });
    expect(convert.statusCode).toBe(403);
    expect(convert.json()).toEqual(refused);
    expect(await pointsBalance(t.app.db, collectorId)).toBe(5000);
  });

  it('answers 404 for a link that was never sent', async () => {
    const res = await getCard('x'.repeat(43));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'TEMP_CARD_NOT_FOUND' });
  });

  it('upgrade: registering with the same email keeps the card number and the points collected on it', async () => {
    const token = await issue('upgrade@example.com');
    const temp = await temporaryCardOf('upgrade@example.com');
    const number = temp?.number ?? '';
    const collectorId = temp?.collectorId ?? '';

    // Shopping at the retailer with the temporary card, twice (the second a repeat of the same receipt).
    clock.at = new Date(ISSUED_AT.getTime() + 3 * DAY_MS);
    await assertCardNumberMay(t.app.db, number, 'collect-points', clock.at, { partner: "Sainsbury's" });
    const shop = {
      collectorId,
      cardNumber: number,
      amount: 250,
      reason: 'Shopping',
      source: 'sainsburys-till',
    };
    await recordPoints(t.app.db, { ...shop, idempotencyKey: 'till-0001', at: clock.at });
    await recordPoints(t.app.db, { ...shop, idempotencyKey: 'till-0001', at: clock.at });
    await recordPoints(t.app.db, { ...shop, amount: 120, idempotencyKey: 'till-0002', at: clock.at });
    expect(await pointsBalance(t.app.db, collectorId)).toBe(370);
    await expect(assertFullCardHolder(t.app.db, collectorId)).rejects.toMatchObject({ statusCode: 403 });

    // Registration completes the account in one transaction and calls the upgrade with the email.
    const upgraded = await t.app.db.transaction(async (tx) => {
      const result = await upgradeTemporaryCard(tx, 'Upgrade@Example.com');
      if (!result) throw new Error('expected a temporary card to upgrade');
      await tx
        .update(collectors)
        .set({ firstName: 'Sam', lastName: 'Jones', dateOfBirth: '1990-01-01' })
        .where(eq(collectors.id, result.collectorId));
      await tx.insert(credentials).values({
        collectorId: result.collectorId,
        passwordHash: await hashPassword('Sam-Jones-2026!'),
      });
      return result;
    });
    expect(upgraded).toEqual({ collectorId, cardNumber: number });

    const collectorCards = await t.app.db.select().from(cards).where(eq(cards.collectorId, collectorId));
    expect(collectorCards).toHaveLength(1);
    expect(collectorCards[0]).toMatchObject({ number, kind: 'digital', status: 'active', expiresAt: null });
    expect(await pointsBalance(t.app.db, collectorId)).toBe(370);

    // Now a full card: everything is allowed, beyond day 30 too.
    clock.at = new Date(ISSUED_AT.getTime() + 45 * DAY_MS);
    await expect(assertFullCardHolder(t.app.db, collectorId)).resolves.toBeUndefined();
    await expect(assertCardNumberMay(t.app.db, number, 'spend-points', clock.at)).resolves.toBeDefined();
    // The old link says where the card went; asking again gets the duplicate-email answer.
    expect((await getCard(token)).json()).toMatchObject({ code: 'TEMP_CARD_UPGRADED' });
    expect((await requestCard('upgrade@example.com')).json()).toEqual({
      code: 'DUPLICATE_EMAIL',
      description: 'Please log in.',
    });
    // An email with no temporary card has nothing to upgrade.
    expect(await upgradeTemporaryCard(t.app.db, 'nobody@example.com')).toBeUndefined();
  });
});

describe('temporary card behind the bot-check', () => {
  it('refuses a request without a solved bot-check and issues nothing', async () => {
    const t = await buildTestApp({ BOT_CHECK: 'altcha' });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/nectar-lite/access-email',
        headers: jsWeb,
        payload: { email: 'sam@example.com', ...agreed },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BOT_CHECK_FAILED' });
      const rows = await t.app.db
        .select()
        .from(collectors)
        .where(and(eq(collectors.email, 'sam@example.com')));
      expect(rows).toHaveLength(0);
    } finally {
      await t.close();
    }
  });
});
