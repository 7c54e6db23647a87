// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards, collectors } from '../../db/schema/core.ts';
import { recordPoints } from '../../lib/points-ledger.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

let t: TestApp;
let cookies: Record<string, string>;
let otherCookies: Record<string, string>;

const member = async (firstName: string, number: string) => {
  const [row] = await t.app.db
    .insert(collectors)
    .values({ firstName, email: `${number}@example.com` })
    .returning({ id: collectors.id });
  const id = row?.id ?? '';
  await t.app.db.insert(cards).values({ number, collectorId: id, kind: 'digital' });
  return id;
};

beforeAll(async () => {
  t = await buildTestApp();
  const id = await member('Sam', '9826300000000000901');
  const entries = [
    { amount: 1200, source: 'sainsburys-till', at: '2025-03-10T10:00:00Z' },
    { amount: 800, source: 'sainsburys-till', at: '2025-03-20T10:00:00Z' },
    { amount: 400, source: 'esso', at: '2025-07-01T10:00:00Z' },
    { amount: 150, source: 'offers-api', at: '2025-07-02T10:00:00Z' },
    { amount: 90, source: 'book-nook', at: '2025-08-02T10:00:00Z' },
    { amount: -1000, source: 'sainsburys-till', at: '2025-12-24T10:00:00Z' },
    // Another year: never part of 2025's playback.
    { amount: 5000, source: 'esso', at: '2026-01-01T00:00:00Z' },
  ];
  for (const [i, entry] of entries.entries()) {
    await recordPoints(t.app.db, {
      collectorId: id,
      cardNumber: '9826300000000000901',
      amount: entry.amount,
      reason: 'test',
      source: entry.source,
      idempotencyKey: `yir-test-${i}`,
      at: new Date(entry.at),
    });
  }
  cookies = { [SESSION_COOKIE]: (await t.app.sessions.create(id)).token };
  const other = await member('Kit', '9826300000000000902');
  otherCookies = { [SESSION_COOKIE]: (await t.app.sessions.create(other)).token };
});
afterAll(async () => t.close());

describe('GET /year-in-review-api/playbacks/:year', () => {
  it("plays back the member's year from the ledger", async () => {
    const res = await t.app.inject({ url: '/year-in-review-api/playbacks/2025', cookies });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      year: 2025,
      firstName: 'Sam',
      pointsCollected: 2640,
      pointsSpent: 1000,
      savedPounds: 5,
      collections: 5,
      topPartners: [
        { source: 'sainsburys-till', name: "Sainsbury's", points: 2000 },
        { source: 'esso', name: 'Esso', points: 400 },
        { source: 'offers-api', name: 'Bonus offers', points: 150 },
      ],
      bestMonth: 3,
      bestMonthPoints: 2000,
    });
  });

  it('answers an empty year for a member without entries, 401 without a session, 400 for a bad year', async () => {
    const empty = await t.app.inject({ url: '/year-in-review-api/playbacks/2025', cookies: otherCookies });
    expect(empty.json()).toMatchObject({ pointsCollected: 0, topPartners: [], bestMonth: null });
    expect((await t.app.inject('/year-in-review-api/playbacks/2025')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/year-in-review-api/playbacks/1999', cookies })).statusCode).toBe(400);
  });
});
