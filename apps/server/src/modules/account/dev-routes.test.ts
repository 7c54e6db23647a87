// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards, collectors } from '../../db/schema/core.ts';
import { collectorOffers } from '../../db/schema/offers.ts';
import { transactionDetails } from '../../db/schema/card-activity.ts';
import { pointsLedger } from '../../db/schema/points-ledger.ts';
import { sampleYear } from '../../lib/sample-points-year.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { buildTestApp, jsWeb, type TestApp } from '../../test/build-test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ DEV_TOOLS: 'on' });
});
afterAll(async () => {
  await t.close();
});

/** POST /dev/account-member; answers the member, its session cookie and its collector id. */
async function makeMember(payload: object) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/dev/account-member',
    headers: jsWeb,
    payload,
  });
  expect(response.statusCode).toBe(200);
  const body = response.json<{ cardNumber: string; email: string; password: string }>();
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? '';
  const [card] = await t.app.db.select().from(cards).where(eq(cards.number, body.cardNumber));
  return { ...body, cookie, collectorId: card?.collectorId ?? '' };
}

const balanceOf = async (cookie: string) =>
  (
    await t.app.inject({ method: 'GET', url: '/balance-api/balance', cookies: { [SESSION_COOKIE]: cookie } })
  ).json<{ balance: number }>().balance;

const offerStatesOf = async (collectorId: string) =>
  Object.fromEntries(
    (
      await t.app.db
        .select({ offerId: collectorOffers.offerId, state: collectorOffers.state })
        .from(collectorOffers)
        .where(eq(collectorOffers.collectorId, collectorId))
    ).map((row) => [row.offerId, row.state]),
  );

describe('POST /dev/account-member (tester tool)', () => {
  it('makes a signed-in member with no points and no offers when asked for nothing', async () => {
    const member = await makeMember({});
    expect(member.cardNumber).toMatch(/^98263000\d{11}$/);
    expect(await balanceOf(member.cookie)).toBe(0);
    expect(await offerStatesOf(member.collectorId)).toEqual({});
  });

  it("gives a fresh member a starting balance and the demo member's offers, each member their own", async () => {
    const first = await makeMember({ points: 2450, offers: 'demo' });
    const second = await makeMember({ points: 6000 });
    expect(await balanceOf(first.cookie)).toBe(2450);
    expect(await balanceOf(second.cookie)).toBe(6000);

    const states = await offerStatesOf(first.collectorId);
    expect(states).toMatchObject({
      'piano-001': 'LOADED',
      'piano-003': 'PINNED',
      'piano-004': 'HIDDEN',
      'coalition-002': 'OPTEDIN',
    });
    expect(Object.values(states)).toContain('UNLOADED');
    expect(Object.values(states)).toContain('NOTOPTEDIN');
    expect(await offerStatesOf(second.collectorId)).toEqual({});
  });

  it('refuses a starting balance that is not a whole positive number, and makes nobody', async () => {
    const before = (await t.app.db.select({ id: collectors.id }).from(collectors)).length;
    for (const points of [0, -5, 1.5]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/dev/account-member',
        headers: jsWeb,
        payload: { points },
      });
      expect(response.statusCode).toBe(400);
      expect(response.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    }
    expect((await t.app.db.select({ id: collectors.id }).from(collectors)).length).toBe(before);
  });

  it("gives a fresh member a year of dated history with history: 'year', each entry with its partner", async () => {
    const started = Date.now();
    const member = await makeMember({ history: 'year' });
    const entries = await t.app.db
      .select({
        amount: pointsLedger.amount,
        source: pointsLedger.source,
        createdAt: pointsLedger.createdAt,
        partnerKind: transactionDetails.partnerKind,
      })
      .from(pointsLedger)
      .leftJoin(transactionDetails, eq(transactionDetails.ledgerEntryId, pointsLedger.id))
      .where(eq(pointsLedger.collectorId, member.collectorId));
    const expected = sampleYear(34);
    expect(entries).toHaveLength(expected.length);
    const total = expected.reduce((sum, entry) => sum + entry.amount, 0);
    expect(await balanceOf(member.cookie)).toBe(total);
    const kinds = new Set(entries.map((entry) => entry.partnerKind ?? entry.source));
    expect([...kinds].sort()).toEqual(['BRAND', 'FUEL', 'REDEMPTION', 'RETAILER', 'partner-avios']);
    const ages = entries.map((entry) => (started - entry.createdAt.getTime()) / 86_400_000);
    expect(Math.max(...ages)).toBeGreaterThan(330);
    expect(Math.max(...ages)).toBeLessThan(366);
    expect(Math.min(...ages)).toBeGreaterThan(0);
    // Every 90 days holds a dozen shops or more, so a pace estimate has something to go on.
    const lately = entries.filter((entry, index) => entry.amount > 0 && (ages[index] ?? 999) <= 90);
    expect(lately.length).toBeGreaterThan(12);
  });
});
