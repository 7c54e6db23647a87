// @databases both: the figures are counted in SQL, by London day with the database's time zones, and the two databases keep those apart.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTNER_API_PREFIX } from '@app/contracts/partner-api';
import type { StaffRole } from '@app/contracts/staff';
import {
  campaignPerformanceSchema,
  offerMessages,
  offerPerformanceSchema,
  type OfferPerformance,
} from '@app/contracts/staff-offers';
import { cards } from '../../db/schema/core.ts';
import { collectorOffers, offers } from '../../db/schema/offers.ts';
import { addPartnerClient } from '../../lib/partner-clients.ts';
import { buildTestApp, newAccountMember, type TestApp } from '../../test/build-test-app.ts';
import { requestPartnerToken } from '../../test/partner-token.ts';
import { performanceCsv } from './performance.ts';
import { staffSession } from '../../test/staff-session.ts';

let t: TestApp;
let now = new Date('2026-07-01T10:00:00Z');
let client: { clientId: string; secret: string };

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => now });
  client = await addPartnerClient(t.app.db, {
    partnerId: 'retailer',
    name: 'Figures till',
    scopes: ['points:earn'],
  });
});
afterAll(async () => t.close());

/** A till's call with a token of the app's present time (the test moves the clock by days). */
async function tillCall(path: string, payload: object) {
  const token = (await requestPartnerToken(t, client.clientId, client.secret, 'points:earn')).json<{
    access_token: string;
  }>().access_token;
  const answer = await t.app.inject({
    method: 'POST',
    url: `${PARTNER_API_PREFIX}${path}`,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    payload,
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<{ saleId: string; breakdown: Array<{ offerId?: string }> }>();
}

/** A console session of a member of staff of this role, made for the test. */
const consoleAs = (role: StaffRole) =>
  staffSession(t, `${role}-${randomUUID().slice(0, 8)}@example.com`, role);

async function newOffer(values: Partial<typeof offers.$inferInsert>) {
  const id = `figures-${randomUUID().slice(0, 8)}`;
  await t.app.db.insert(offers).values({
    id,
    sourceType: 'PIANO',
    type: 'BASKET',
    title: 'Spend £10, get 100 points',
    description: 'A test offer.',
    sponsorDisplayName: "Sainsbury's",
    howTo: 'Spend £10.',
    terms: 'Test terms.',
    categoryKey: 'household',
    categoryName: 'Household',
    rule: { kind: 'threshold', minSpendPence: 1000, points: 100 },
    validFrom: new Date('2026-06-01T00:00:00Z'),
    validTo: new Date('2026-08-31T23:00:00Z'),
    status: 'approved',
    ...values,
  });
  return id;
}

async function memberWith(offerId: string, state: string) {
  const { cardNumber } = (await newAccountMember(t)).json<{ cardNumber: string }>();
  const [card] = await t.app.db.select().from(cards).where(eq(cards.number, cardNumber));
  await t.app.db.insert(collectorOffers).values({ collectorId: card?.collectorId ?? '', offerId, state });
  return cardNumber;
}

const sale = (cardNumber: string) => ({
  member: { cardNumber },
  storeId: 'store-1',
  tillId: 'till-1',
  receiptId: `R-${randomUUID()}`,
  occurredAt: now.toISOString(),
  lines: [{ sku: 'bleach', category: 'household', quantity: 1, amount: 2000 }],
  total: 2000,
});

describe("an offer's and a campaign's figures", () => {
  const campaign = `Summer ${randomUUID().slice(0, 8)}`;
  let offerId = '';
  let otherId = '';

  beforeAll(async () => {
    offerId = await newOffer({ budgetPoints: 1000, campaign });
    otherId = await newOffer({ campaign });
    const first = await memberWith(offerId, 'LOADED');
    const second = await memberWith(offerId, 'LOADED');
    await memberWith(offerId, 'UNLOADED');
    await memberWith(otherId, 'LOADED');

    const paid = await tillCall('/sales', sale(first));
    expect(paid.breakdown.map((line) => line.offerId).filter(Boolean)).toEqual([offerId]);
    // 23:30 in London's summer time is 00:30 the next day: the payout is counted on the 3rd.
    now = new Date('2026-07-02T23:30:00Z');
    await tillCall('/sales', sale(second));
    now = new Date('2026-07-04T12:00:00Z');
    await tillCall(`/sales/${paid.saleId}/returns`, {
      returnId: 'BACK',
      lines: [{ sku: 'bleach', quantity: 1, amount: 2000 }],
    });
  });

  const byDay = [
    { day: '2026-07-01', payouts: 1, points: 100, costPence: 50 },
    { day: '2026-07-02', payouts: 0, points: 0, costPence: 0 },
    { day: '2026-07-03', payouts: 1, points: 100, costPence: 50 },
    { day: '2026-07-04', payouts: 0, points: -100, costPence: -50 },
  ];

  it('counts who it reached and who loaded it, and what it paid and took back by London day', async () => {
    const marketer = await consoleAs('marketer');
    const answer = await t.app.inject({
      url: `/staff-api/offers/${offerId}/performance`,
      cookies: marketer,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(offerPerformanceSchema.parse(answer.json())).toEqual({
      reached: 3,
      loaded: 2,
      paidMembers: 2,
      payouts: 2,
      pointsIssued: 100,
      budgetPoints: 1000,
      costPence: 50,
      byDay,
    });
    const [row] = await t.app.db.select().from(offers).where(eq(offers.id, offerId));
    expect(row?.pointsIssued).toBe(100);

    const csv = await t.app.inject({
      url: `/staff-api/offers/${offerId}/performance.csv`,
      cookies: marketer,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="offer-${offerId}-performance.csv"`,
    );
    expect(csv.body).toBe(
      [
        'day,payouts,points,cost_pounds',
        '2026-07-01,1,100,0.50',
        '2026-07-02,0,0,0.00',
        '2026-07-03,1,100,0.50',
        '2026-07-04,0,-100,-0.50',
        '',
      ].join('\n'),
    );

    const unknown = await t.app.inject({
      url: '/staff-api/offers/no-such-offer/performance',
      cookies: marketer,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'OFFER_NOT_FOUND', description: offerMessages.notFound });
  });

  it("adds up a campaign's offers, each member once", async () => {
    const marketer = await consoleAs('marketer');
    const answer = await t.app.inject({
      url: `/staff-api/campaigns/${encodeURIComponent(campaign)}/performance`,
      cookies: marketer,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const body = campaignPerformanceSchema.parse(answer.json());
    expect(body.campaign).toBe(campaign);
    expect(body.offers.map((offer) => offer.id).sort()).toEqual([offerId, otherId].sort());
    expect(body.offers.find((offer) => offer.id === offerId)).toMatchObject({
      kind: 'bonus',
      lifecycle: 'live',
      budgetPoints: 1000,
      pointsIssued: 100,
    });
    // One offer has no budget, so the campaign has none.
    expect(body.performance).toEqual({
      reached: 4,
      loaded: 3,
      paidMembers: 2,
      payouts: 2,
      pointsIssued: 100,
      budgetPoints: null,
      costPence: 50,
      byDay,
    });
    const csv = await t.app.inject({
      url: `/staff-api/campaigns/${encodeURIComponent(campaign)}/performance.csv`,
      cookies: marketer,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="campaign-Summer-[\w-]+-performance\.csv"$/,
    );
    expect(csv.body.split('\n')).toHaveLength(6);
  });

  it('answers staff whose role may view offers, and refuses an agent and anyone signed out', async () => {
    const paths = [
      `/staff-api/offers/${offerId}/performance`,
      `/staff-api/offers/${offerId}/performance.csv`,
      `/staff-api/campaigns/${encodeURIComponent(campaign)}/performance`,
      `/staff-api/campaigns/${encodeURIComponent(campaign)}/performance.csv`,
    ];
    const [agent, supervisor, admin] = await Promise.all([
      consoleAs('agent'),
      consoleAs('supervisor'),
      consoleAs('admin'),
    ]);
    for (const url of paths) {
      for (const cookies of [agent, supervisor]) {
        const refused = await t.app.inject({ url, cookies });
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json()).toMatchObject({ code: 'ROLE_REFUSED' });
      }
      expect((await t.app.inject({ url, cookies: admin })).statusCode, url).toBe(200);
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
    }
  });
});

describe('the figures as CSV', () => {
  it('gives the cost in pounds exactly: an odd number of points is half a penny more', () => {
    const performance: OfferPerformance = {
      reached: 1,
      loaded: 1,
      paidMembers: 1,
      payouts: 1,
      pointsIssued: 151,
      budgetPoints: null,
      costPence: 75.5,
      byDay: [{ day: '2026-07-01', payouts: 1, points: 151, costPence: 75.5 }],
    };
    expect(performanceCsv(performance)).toBe('day,payouts,points,cost_pounds\n2026-07-01,1,151,0.755\n');
  });
});
