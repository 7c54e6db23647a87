// @databases both: an offer's budget is counted under its row lock in the sale's transaction, and sales at once queue for it on PostgreSQL's connections where PGlite runs them one after the other.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTNER_API_PREFIX, type SaleRequest } from '@app/contracts/partner-api';
import { cards } from '../../db/schema/core.ts';
import { collectorOffers, offers } from '../../db/schema/offers.ts';
import { pointsLedger } from '../../db/schema/points-ledger.ts';
import { addPartnerClient } from '../../lib/partner-clients.ts';
import { pointsBalance } from '../../lib/points-ledger.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { buildTestApp, newAccountMember, type TestApp } from '../../test/build-test-app.ts';
import { requestPartnerToken } from '../../test/partner-token.ts';
import { createLedgerCheckService } from '../ledger-check/service.ts';
import { postDuePendingPoints } from '../missing-points/pending-points.ts';

let t: TestApp;
let now = new Date('2026-12-01T10:00:00Z');
let client: { clientId: string; secret: string };

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => now });
  client = await addPartnerClient(t.app.db, {
    partnerId: 'retailer',
    name: 'Budget till',
    scopes: ['points:earn', 'points:spend'],
  });
});
afterAll(async () => t.close());

/** A retailer's till with a token of the app's present time (a test may move the clock past one's end). */
async function till() {
  const response = await requestPartnerToken(t, client.clientId, client.secret, 'points:earn points:spend');
  expect(response.statusCode, response.body).toBe(200);
  const token = response.json<{ access_token: string }>().access_token;
  return (path: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `${PARTNER_API_PREFIX}${path}`,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
      payload,
    });
}

const BONUS = 100;

/** An offer of the retailer's own, written as the console would: spend £10 on anything for 100 points. */
async function newOffer(values: Partial<typeof offers.$inferInsert> = {}) {
  const id = `budget-test-${randomUUID().slice(0, 8)}`;
  await t.app.db.insert(offers).values({
    id,
    sourceType: 'PIANO',
    type: 'BASKET',
    title: `Spend £10, get ${BONUS} points (${id})`,
    description: 'A test offer.',
    sponsorDisplayName: "Sainsbury's",
    howTo: 'Spend £10.',
    terms: 'Test terms.',
    categoryKey: 'household',
    categoryName: 'Household',
    rule: { kind: 'threshold', minSpendPence: 1000, points: BONUS },
    validFrom: new Date('2026-11-01T00:00:00Z'),
    validTo: new Date('2027-01-31T23:59:59Z'),
    status: 'approved',
    ...values,
  });
  return id;
}

/** A fresh member who loaded these offers: their card, id and session. */
async function memberWith(...offerIds: string[]) {
  const response = await newAccountMember(t);
  const { cardNumber } = response.json<{ cardNumber: string }>();
  const [card] = await t.app.db.select().from(cards).where(eq(cards.number, cardNumber));
  const id = card?.collectorId ?? '';
  if (offerIds.length > 0) {
    await t.app.db
      .insert(collectorOffers)
      .values(offerIds.map((offerId) => ({ collectorId: id, offerId, state: 'LOADED' })));
  }
  const session = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value ?? '';
  return { cardNumber, id, cookies: { [SESSION_COOKIE]: session } };
}

/** A basket of £20 that meets every test offer: 20 base points. */
const sale = (cardNumber: string, extra: Partial<SaleRequest> = {}) => ({
  member: { cardNumber },
  storeId: 'store-0042',
  tillId: 'till-1',
  receiptId: `R-${randomUUID()}`,
  occurredAt: now.toISOString(),
  lines: [{ sku: 'bleach', category: 'household', quantity: 2, amount: 2000 }],
  total: 2000,
  ...extra,
});

const offerRow = async (id: string) => {
  const [row] = await t.app.db.select().from(offers).where(eq(offers.id, id));
  return row;
};
/** What the ledger says the offer paid, less what returns took back. */
const ledgerSumFor = async (offerId: string) => {
  const [row] = await t.app.db
    .select({ points: sql<number>`coalesce(sum(${pointsLedger.amount}), 0)::int` })
    .from(pointsLedger)
    .where(eq(pointsLedger.offerId, offerId));
  return row?.points ?? 0;
};
const bonusesOf = (answer: { breakdown: Array<{ offerId?: string }> }) =>
  answer.breakdown.flatMap((line) => (line.offerId ? [line.offerId] : []));
const ledgerProblems = async () =>
  (await createLedgerCheckService({ db: t.app.db, clock: t.app.clock }).check()).results.filter(
    (result) => result.count > 0,
  );
/** The member's offers as their app reads them (the list is kept in memory until it changes). */
const offerListOf = async (cookies: Record<string, string>) => {
  const response = await t.app.inject({ url: '/offers-api/offers?type=ALL', cookies });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ offers: Array<{ id: string }> }>().offers.map((offer) => offer.id);
};

describe("an offer's bonus at the till", () => {
  it("pays a loaded approved offer, its entry with the offer's id; no budget, no write", async () => {
    const offerId = await newOffer();
    const member = await memberWith(offerId);
    const answer = await (await till())('/sales', sale(member.cardNumber));
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({ pointsAwarded: 20 + BONUS, balance: 20 + BONUS });
    expect(bonusesOf(answer.json())).toEqual([offerId]);
    const entries = await t.app.db
      .select({
        key: pointsLedger.idempotencyKey,
        offerId: pointsLedger.offerId,
        amount: pointsLedger.amount,
      })
      .from(pointsLedger)
      .where(eq(pointsLedger.collectorId, member.id));
    const saleId = answer.json<{ saleId: string }>().saleId;
    expect(entries).toEqual(
      expect.arrayContaining([
        { key: `partner-sale:${saleId}:base`, offerId: null, amount: 20 },
        { key: `partner-sale:${saleId}:offer:${offerId}`, offerId, amount: BONUS },
      ]),
    );
    expect((await offerRow(offerId))?.pointsIssued).toBe(0);
    expect(await ledgerSumFor(offerId)).toBe(BONUS);
  });

  it('pays no paused, ended, draft or waiting offer; a replaced one still pays', async () => {
    const notPaid = await Promise.all([
      newOffer({ status: 'paused' }),
      newOffer({ status: 'ended' }),
      newOffer({ status: 'draft' }),
      newOffer({ status: 'submitted' }),
      newOffer({ status: 'ended', stoppedReason: 'staff' }),
      newOffer({ status: 'ended', stoppedReason: 'budget' }),
    ]);
    const replaced = await newOffer({ status: 'ended', stoppedReason: 'replaced' });
    const member = await memberWith(...notPaid, replaced);
    const answer = await (await till())('/sales', sale(member.cardNumber));
    expect(answer.statusCode, answer.body).toBe(201);
    expect(bonusesOf(answer.json())).toEqual([replaced]);
    expect(answer.json()).toMatchObject({ pointsAwarded: 20 + BONUS });
    // The member's list shows what the till pays.
    const listed = await offerListOf(member.cookies);
    expect(listed).toContain(replaced);
    for (const id of notPaid) expect(listed).not.toContain(id);
  });

  it('stops paying out at the till at once when its budget is spent, and leaves every list', async () => {
    const offerId = await newOffer({ budgetPoints: 150 });
    const [first, second, third] = await Promise.all([
      memberWith(offerId),
      memberWith(offerId),
      memberWith(offerId),
    ]);
    if (!first || !second || !third) throw new Error('no members');
    // Their lists are read (and kept in memory) before the budget runs out.
    for (const member of [first, second, third]) expect(await offerListOf(member.cookies)).toContain(offerId);
    const post = await till();

    const paid = await post('/sales', sale(first.cardNumber));
    expect(bonusesOf(paid.json())).toEqual([offerId]);
    expect(await offerRow(offerId)).toMatchObject({ pointsIssued: BONUS, status: 'approved' });

    // 100 more does not fit in the 50 left: the sale earns its base points only, and the offer ends.
    const refused = await post('/sales', sale(second.cardNumber));
    expect(refused.statusCode, refused.body).toBe(201);
    expect(refused.json()).toMatchObject({ pointsAwarded: 20, breakdown: [{ points: 20 }] });
    expect(bonusesOf(refused.json())).toEqual([]);
    expect(await offerRow(offerId)).toMatchObject({
      pointsIssued: BONUS,
      status: 'ended',
      stoppedReason: 'budget',
    });
    expect(await pointsBalance(t.app.db, second.id)).toBe(20);
    for (const member of [first, second, third]) {
      expect(await offerListOf(member.cookies)).not.toContain(offerId);
    }
    const after = await post('/sales', sale(third.cardNumber));
    expect(bonusesOf(after.json())).toEqual([]);
    expect(await ledgerSumFor(offerId)).toBe(BONUS);
    expect(await ledgerProblems()).toEqual([]);
  });

  it('gives back to the budget what a return took back of the bonus, and no more than it took', async () => {
    const offerId = await newOffer({ budgetPoints: 1000 });
    const [whole, spent] = await Promise.all([memberWith(offerId), memberWith(offerId)]);
    if (!whole || !spent) throw new Error('no members');
    const post = await till();

    const sold = await post('/sales', sale(whole.cardNumber));
    const saleId = sold.json<{ saleId: string }>().saleId;
    expect((await offerRow(offerId))?.pointsIssued).toBe(BONUS);
    // Half the basket back: £10 still meets the rule, only the base of a line comes back.
    const half = await post(`/sales/${saleId}/returns`, {
      returnId: 'HALF',
      lines: [{ sku: 'bleach', quantity: 1, amount: 1000 }],
    });
    expect(half.json()).toMatchObject({ pointsTaken: 10 });
    expect((await offerRow(offerId))?.pointsIssued).toBe(BONUS);
    const rest = await post(`/sales/${saleId}/returns`, {
      returnId: 'REST',
      lines: [{ sku: 'bleach', quantity: 1, amount: 1000 }],
    });
    expect(rest.json()).toMatchObject({
      pointsTaken: 10 + BONUS,
      breakdown: [{ points: -10 }, { offerId, points: -BONUS }],
    });
    const [back] = await t.app.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.collectorId, whole.id), eq(pointsLedger.offerId, offerId), sql`amount < 0`));
    expect(back).toMatchObject({ amount: -BONUS, reason: 'Points taken back for a return' });
    expect(back?.idempotencyKey).toMatch(/^partner-return:[0-9a-f-]+:offer:/);
    expect((await offerRow(offerId))?.pointsIssued).toBe(0);
    expect(await ledgerSumFor(offerId)).toBe(0);

    // A member who spent the points: the return takes what the balance holds, the base first, and the
    // bonus it could not take stays counted against the budget.
    const second = await post('/sales', sale(spent.cardNumber));
    expect(bonusesOf(second.json())).toEqual([offerId]);
    const hold = await post('/holds', {
      member: { cardNumber: spent.cardNumber },
      points: 100,
      storeId: 's',
      tillId: 't',
    });
    expect(hold.statusCode, hold.body).toBe(201);
    const short = await post(`/sales/${second.json<{ saleId: string }>().saleId}/returns`, {
      returnId: 'ALL',
      lines: [{ sku: 'bleach', quantity: 2, amount: 2000 }],
    });
    expect(short.json()).toMatchObject({ pointsTaken: 20, pointsNotRecovered: BONUS, balance: 0 });
    expect((await offerRow(offerId))?.pointsIssued).toBe(BONUS);
    expect(await ledgerSumFor(offerId)).toBe(BONUS);
    expect(await ledgerProblems()).toEqual([]);
  });

  it('never pays past the budget with sales at once; the offer counts what the ledger says', async () => {
    const offerId = await newOffer({ budgetPoints: 10 * BONUS });
    const members = await Promise.all(Array.from({ length: 16 }, () => memberWith(offerId)));
    const post = await till();
    const answers = await Promise.all(members.map((member) => post('/sales', sale(member.cardNumber))));
    expect(answers.map((answer) => answer.statusCode)).toEqual(members.map(() => 201));
    const paid = answers.filter((answer) => bonusesOf(answer.json()).length > 0);
    expect(paid).toHaveLength(10);
    expect(await offerRow(offerId)).toMatchObject({
      pointsIssued: 10 * BONUS,
      status: 'ended',
      stoppedReason: 'budget',
    });
    expect(await ledgerSumFor(offerId)).toBe(10 * BONUS);
    expect(await ledgerProblems()).toEqual([]);
  });

  it("counts a bonus on its way at the sale, and posts it later with the offer's id", async () => {
    const offerId = await newOffer({ budgetPoints: 1000 });
    const member = await memberWith(offerId);
    const sold = await (await till())('/sales', sale(member.cardNumber, { spendableOn: '2026-12-20' }));
    expect(sold.json()).toMatchObject({ pointsAwarded: 20 + BONUS, pendingUntil: '2026-12-20' });
    expect((await offerRow(offerId))?.pointsIssued).toBe(BONUS);
    expect(await ledgerSumFor(offerId)).toBe(0);

    now = new Date('2026-12-20T09:00:00Z');
    expect(await postDuePendingPoints({ db: t.app.db, clock: t.app.clock })).toBeGreaterThanOrEqual(1);
    const entries = await t.app.db
      .select({
        key: pointsLedger.idempotencyKey,
        offerId: pointsLedger.offerId,
        amount: pointsLedger.amount,
      })
      .from(pointsLedger)
      .where(eq(pointsLedger.collectorId, member.id));
    expect(entries).toHaveLength(2);
    expect(entries).toEqual(
      expect.arrayContaining([
        { key: expect.stringMatching(/^pending-points:[0-9a-f-]+$/) as string, offerId: null, amount: 20 },
        {
          key: expect.stringMatching(new RegExp(`^pending-points:[0-9a-f-]+:offer:${offerId}$`)) as string,
          offerId,
          amount: BONUS,
        },
      ]),
    );
    expect(await pointsBalance(t.app.db, member.id)).toBe(20 + BONUS);
    expect(await ledgerSumFor(offerId)).toBe(BONUS);
    expect(await ledgerProblems()).toEqual([]);
  });
});
