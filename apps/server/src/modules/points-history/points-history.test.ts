// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brand } from '@app/contracts/brand';
import type { PointsHistory } from '@app/contracts/points-history';
import { transactionDetails } from '../../db/schema/card-activity.ts';
import { cards, collectors } from '../../db/schema/core.ts';
import { recordPoints } from '../../lib/points-ledger.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { balanceBefore, monthlyTotals } from './repository.ts';
import { groupOf, ukMonthStart } from './service.ts';

/** The app's clock: mid-November 2026, so the window is December 2025 to November 2026 (UK months). */
const NOW = new Date('2026-11-15T12:00:00Z');

let t: TestApp;
let memberId: string;
let cookies: Record<string, string>;
let newcomerCookies: Record<string, string>;

const makeMember = async (number: string) => {
  const [row] = await t.app.db
    .insert(collectors)
    .values({ firstName: 'Sam', email: `${number}@example.com` })
    .returning({ id: collectors.id });
  const id = row?.id ?? '';
  await t.app.db.insert(cards).values({ number, collectorId: id, kind: 'digital' });
  return id;
};

type Kind = 'RETAILER' | 'FUEL' | 'BRAND' | 'REDEMPTION' | 'ADJUSTMENT';
const write = async (
  collectorId: string,
  key: string,
  at: string,
  amount: number,
  source: string,
  details?: { partnerKind: Kind; partnerName: string },
) =>
  recordPoints(
    t.app.db,
    {
      collectorId,
      amount,
      reason: 'test',
      source,
      idempotencyKey: `points-history-${key}`,
      at: new Date(at),
    },
    undefined,
    details
      ? async (tx, ledgerEntryId) => {
          await tx.insert(transactionDetails).values({ ...details, ledgerEntryId, collectorId });
        }
      : undefined,
  );

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => NOW });
  memberId = await makeMember('9826300000000003401');
  const id = memberId;
  const retailer = { partnerKind: 'RETAILER', partnerName: brand.retailer } as const;
  // Before the window (30 November 2025, 23:59:59 GMT): only in the opening balance.
  await write(id, 'a', '2025-11-30T23:59:59Z', 1000, 'sainsburys-till', retailer);
  // The window's first instant.
  await write(id, 'b', '2025-12-01T00:00:00Z', 200, 'esso', { partnerKind: 'FUEL', partnerName: 'Esso' });
  // 00:30 on 1 April in UK summer time: April, not March.
  await write(id, 'c', '2026-03-31T23:30:00Z', 300, 'argos', { partnerKind: 'BRAND', partnerName: 'Argos' });
  await write(id, 'd', '2026-04-10T10:00:00Z', -500, 'sainsburys-till', {
    partnerKind: 'REDEMPTION',
    partnerName: brand.retailer,
  });
  // Conversions both ways: the linked-partners module writes no details row for them.
  await write(id, 'e', '2026-05-05T10:00:00Z', -400, 'partner-avios');
  await write(id, 'f', '2026-05-06T10:00:00Z', 800, 'partner-hotelscom');
  await write(id, 'g', '2026-06-01T10:00:00Z', 150, 'offers-api', {
    partnerKind: 'ADJUSTMENT',
    partnerName: brand.retailer,
  });
  // Points at the till without a details row (the tester tool's starting balance).
  await write(id, 'h', '2026-06-02T10:00:00Z', 90, 'sainsburys-till');
  // A brand's voucher bought with points.
  await write(id, 'i', '2026-07-01T10:00:00Z', -100, 'offers-api:redemption', {
    partnerKind: 'REDEMPTION',
    partnerName: 'Argos',
  });
  await write(id, 'j', '2026-11-10T10:00:00Z', 60, 'esso', { partnerKind: 'FUEL', partnerName: 'Esso' });
  // After the window (December 2026): never counted.
  await write(id, 'k', '2026-12-01T00:00:00Z', 5000, 'sainsburys-till', retailer);
  cookies = { [SESSION_COOKIE]: (await t.app.sessions.create(id)).token };

  // Another member with points in the same months: never part of the first one's history.
  const other = await makeMember('9826300000000003402');
  await write(other, 'other-1', '2026-05-05T10:00:00Z', 9999, 'sainsburys-till', retailer);
  await write(other, 'other-2', '2026-06-05T10:00:00Z', -999, 'partner-avios');
  const newcomer = await makeMember('9826300000000003403');
  newcomerCookies = { [SESSION_COOKIE]: (await t.app.sessions.create(newcomer)).token };
});
afterAll(async () => t.close());

const none = { retailer: 0, fuel: 0, brands: 0, conversions: 0, other: 0 };

describe('GET /ledger-api/points-history', () => {
  it("answers the member's 12 UK months: balance at each month's end, earned and spent per group", async () => {
    const res = await t.app.inject({ url: '/ledger-api/points-history', cookies });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json<PointsHistory>();
    expect(body.openingBalance).toBe(1000);
    expect(body.entries).toBe(9);
    expect(body.months.map((m) => m.month)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(body.months.map((m) => m.balance)).toEqual([
      1200, 1200, 1200, 1200, 1000, 1400, 1640, 1540, 1540, 1540, 1540, 1600,
    ]);
    const month = (key: string) => body.months.find((m) => m.month === key);
    expect(month('2025-12')).toMatchObject({ earned: { ...none, fuel: 200 }, spent: none });
    expect(month('2026-03')).toMatchObject({ earned: none, spent: none });
    expect(month('2026-04')).toMatchObject({
      earned: { ...none, brands: 300 },
      spent: { ...none, retailer: 500 },
    });
    expect(month('2026-05')).toMatchObject({
      earned: { ...none, conversions: 800 },
      spent: { ...none, conversions: 400 },
    });
    expect(month('2026-06')).toMatchObject({ earned: { ...none, other: 150, retailer: 90 }, spent: none });
    expect(month('2026-07')).toMatchObject({ earned: none, spent: { ...none, brands: 100 } });
    expect(month('2026-11')).toMatchObject({ earned: { ...none, fuel: 60 }, spent: none });
  });

  it('answers a new member twelve empty months, and 401 without a session', async () => {
    const res = await t.app.inject({ url: '/ledger-api/points-history', cookies: newcomerCookies });
    expect(res.statusCode).toBe(200);
    const body = res.json<PointsHistory>();
    expect(body).toMatchObject({ openingBalance: 0, entries: 0 });
    expect(body.months).toHaveLength(12);
    expect(body.months.every((m) => m.balance === 0)).toBe(true);
    const signedOut = await t.app.inject('/ledger-api/points-history');
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toMatchObject({ code: expect.any(String), description: expect.any(String) });
  });

  it('puts each kind of entry in its partner group', () => {
    const of = (source: string, partnerKind: string | null = null, partnerName: string | null = null) =>
      groupOf({ source, partnerKind, partnerName });
    expect(of('partner-avios')).toBe('conversions');
    expect(of('partner-hotelscom', 'ADJUSTMENT')).toBe('conversions');
    expect(of('sainsburys-till', 'RETAILER')).toBe('retailer');
    expect(of('esso', 'FUEL')).toBe('fuel');
    expect(of('ebay', 'BRAND')).toBe('brands');
    expect(of('sainsburys-till', 'REDEMPTION', brand.retailer)).toBe('retailer');
    expect(of('esso', 'REDEMPTION', brand.fuelPartner)).toBe('fuel');
    expect(of('offers-api:redemption', 'REDEMPTION', 'Argos')).toBe('brands');
    expect(of('offers-api', 'ADJUSTMENT')).toBe('other');
    expect(of('sainsburys-till')).toBe('retailer');
    expect(of('esso')).toBe('fuel');
    expect(of('missing-points-claim')).toBe('other');
  });

  it('starts UK months at UK midnight, in winter and in summer time', () => {
    expect(ukMonthStart(2025, 11).toISOString()).toBe('2025-12-01T00:00:00.000Z');
    expect(ukMonthStart(2026, 3).toISOString()).toBe('2026-03-31T23:00:00.000Z');
    expect(ukMonthStart(2026, 12).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(ukMonthStart(2026, -1).toISOString()).toBe('2025-12-01T00:00:00.000Z');
  });

  /** The plan PostgreSQL picks for `query` when it may not read a whole table. */
  const planOf = (query: SQLWrapper) =>
    t.app.db.transaction(async (tx) => {
      await tx.execute(sql.raw('set local enable_seqscan = off'));
      const { rows = [] } = (await tx.execute(sql`explain ${query}`)) as {
        rows?: { 'QUERY PLAN': string }[];
      };
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });

  it("reads only the member's entries, through the ledger's member index", async () => {
    const from = new Date('2025-12-01T00:00:00Z');
    const to = new Date('2026-12-01T00:00:00Z');
    const opening = await planOf(balanceBefore(t.app.db, memberId, from));
    expect(opening).toMatch(/Index Only Scan using points_ledger_collector_idx/);
    const months = await planOf(monthlyTotals(t.app.db, memberId, from, to));
    expect(months).toMatch(/Index (Only )?Scan using points_ledger_collector_idx/);
    expect(months).toContain('transaction_details_pkey');
    expect(months).not.toMatch(/Seq Scan/);
  });
});
