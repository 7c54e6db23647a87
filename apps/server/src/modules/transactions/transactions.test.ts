// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TRANSACTIONS_FEED_FEATURE,
  type Breakdown,
  type CumulativeSavings,
  type HistoryResponse,
  type Receipt,
  type SavingsResponse,
  type TransactionsResponse,
  transactionsResponseSchema,
} from '@app/contracts/activity';
import { demoCollector } from '../../start-data/demo-collector.ts';
import { cards } from '../../db/schema/core.ts';
import { featureStates } from '../../db/schema/platform-status.ts';
import { pointsBalance, recordPoints } from '../../lib/points-ledger.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { buildTestApp, signedInMember, type TestApp } from '../../test/build-test-app.ts';
import { demoActivity, loadDemoActivity } from '../../start-data/demo-activity.ts';
import { FEED_STATE_TTL_MS } from './service.ts';

let t: TestApp;
/** The app's clock: the real time, or a moment a test holds it at and moves on by hand. */
const clock: { heldAt?: number } = {};
let demoId: string;
let cookies: Record<string, string>;
const get = <T>(url: string) =>
  t.app
    .inject({ method: 'GET', url, cookies })
    .then((res) => ({ status: res.statusCode, body: res.json<T>(), res }));

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => new Date(clock.heldAt ?? Date.now()) });
  const [card] = await t.app.db.select().from(cards).where(eq(cards.number, demoCollector.cardNumber));
  demoId = card?.collectorId ?? '';
  cookies = { [SESSION_COOKIE]: (await t.app.sessions.create(demoId)).token };
});
afterAll(async () => t.close());

describe('demo activity', () => {
  it('has at least 60 entries across the retailer, fuel and brand partners and keeps the 2,450 points', async () => {
    const entries = demoActivity();
    expect(entries.length).toBeGreaterThanOrEqual(60);
    expect(entries.at(-1)?.key).toBe('demo-activity-final');
    expect(new Set(entries.map((entry) => entry.details.partnerKind))).toEqual(
      new Set(['RETAILER', 'FUEL', 'BRAND', 'REDEMPTION']),
    );
    expect(await pointsBalance(t.app.db, demoId)).toBe(2450);
    // A second start writes nothing more.
    await loadDemoActivity(t.app.db);
    expect(await pointsBalance(t.app.db, demoId)).toBe(2450);
  });
});

describe('the activity feed (GET /nectar-shared-transactions-api/transactions)', () => {
  it('pages 20 at a time, newest first, with no repeats until hasMore is false', async () => {
    const seen: string[] = [];
    let token: string | null = null;
    let pages = 0;
    do {
      const { status, body }: { status: number; body: TransactionsResponse } =
        await get<TransactionsResponse>(
          `/nectar-shared-transactions-api/transactions?pageSize=20${token ? `&nextToken=${token}` : ''}`,
        );
      expect(status).toBe(200);
      // Written ahead of the answer (ADR 016): exactly the contract's fields, no more, of the contract's types.
      expect(transactionsResponseSchema.parse(body)).toEqual(body);
      expect(body.transactionFeedStatus).toBe('OK');
      pages += 1;
      if (body.hasMore) expect(body.items).toHaveLength(20);
      seen.push(...body.items.map((item) => item.date + item.id));
      token = body.nextToken;
      expect(body.hasMore).toBe(token !== null);
    } while (token);
    expect(pages).toBeGreaterThanOrEqual(4);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort().reverse()).toEqual(seen);
    const history = await get<HistoryResponse>('/ledger-api/transaction-history?limit=100&offset=0');
    expect(history.body.total).toBe(seen.length);
  });

  it('says DELAYED once the feature state is read again after the operator turned the feed off', async () => {
    const status = async () =>
      (await get<TransactionsResponse>('/nectar-shared-transactions-api/transactions')).body
        .transactionFeedStatus;
    clock.heldAt = Date.now() + FEED_STATE_TTL_MS + 1;
    try {
      expect(await status()).toBe('OK');
      await t.app.db.insert(featureStates).values({ feature: TRANSACTIONS_FEED_FEATURE, enabled: false });
      // Read from memory for FEED_STATE_TTL_MS: the change shows once that window ends, and not before.
      expect(await status()).toBe('OK');
      clock.heldAt += FEED_STATE_TTL_MS + 1;
      expect(await status()).toBe('DELAYED');
      await t.app.db.delete(featureStates).where(eq(featureStates.feature, TRANSACTIONS_FEED_FEATURE));
      clock.heldAt += FEED_STATE_TTL_MS + 1;
      expect(await status()).toBe('OK');
    } finally {
      clock.heldAt = undefined;
    }
  });

  it('sends a page compressed to a client that accepts it, the same answer as uncompressed', async () => {
    const url = '/nectar-shared-transactions-api/transactions';
    const plain = await t.app.inject({ method: 'GET', url, cookies });
    const zipped = await t.app.inject({
      method: 'GET',
      url,
      cookies,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    const body = JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8')) as TransactionsResponse;
    expect(body).toEqual(plain.json());
    expect(transactionsResponseSchema.parse(body)).toEqual(body);
  });

  it('refuses a made-up token and answers 401 without a session', async () => {
    const { status } = await get('/nectar-shared-transactions-api/transactions?nextToken=bm9wZQ');
    expect(status).toBe(400);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/nectar-shared-transactions-api/transactions',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers the ledger history by limit and offset', async () => {
    const first = await get<HistoryResponse>('/ledger-api/transaction-history?limit=10&offset=0');
    const second = await get<HistoryResponse>('/ledger-api/transaction-history?limit=10&offset=10');
    expect(first.body.transactions).toHaveLength(10);
    expect((second.body.transactions[0]?.date ?? '') <= (first.body.transactions[9]?.date ?? '')).toBe(true);
    expect(first.body.total).toBeGreaterThanOrEqual(60);
  });
});

describe('savings, breakdown and receipts', () => {
  it('pages the member-price savings and totals them', async () => {
    const first = await get<SavingsResponse>('/customer-management-api/customer/savings?fromDate=2025-01-01');
    expect(first.body.savings.length).toBeGreaterThan(0);
    let total = first.body.savings.reduce((sum, s) => sum + s.savingPence, 0);
    let offset = first.body.pageOffset;
    while (offset !== null) {
      const page = await get<SavingsResponse>(
        `/customer-management-api/customer/savings?pageOffset=${offset}`,
      );
      total += page.body.savings.reduce((sum, s) => sum + s.savingPence, 0);
      offset = page.body.pageOffset;
    }
    // The savings transactions variant gives the same pages, its offset named nextPageOffset
    // (docs/product/signed-in-pages.md §S3, §S4).
    const variant = await get<{ savings: unknown[]; nextPageOffset: number | null }>(
      '/nectar-shared-transactions-api/nectar-prices/transactions',
    );
    expect(Object.keys(variant.body).sort()).toEqual(['nextPageOffset', 'savings']);
    expect(variant.body.savings).toEqual(first.body.savings);
    expect(variant.body.nextPageOffset).toBe(first.body.pageOffset);
    const cumulative = await get<CumulativeSavings>('/customer-management-api/customer/savings/cumulative');
    expect(cumulative.body.totalSavingPence).toBe(total);
    expect(cumulative.body.totalSaving).toBe(`£${(total / 100).toFixed(2)}`);
    const bad = await get('/customer-management-api/customer/savings?fromDate=01-01-2025');
    expect(bad.status).toBe(400);
    // A day the month does not have is refused, not moved on to the next month.
    for (const url of [
      '/customer-management-api/customer/savings/cumulative?fromDate=2026-02-30',
      '/customer-management-api/customer/savings?fromDate=2026-01-01&toDate=2026-02-31',
    ]) {
      const impossible = await get(url);
      expect(impossible.status, url).toBe(400);
      expect(impossible.body).toEqual({ code: 'VALIDATION', description: 'Use a date as YYYY-MM-DD' });
    }
  });

  it('breaks points down by partner, collected minus spent equal to the balance', async () => {
    const { body } = await get<Breakdown>('/ledger-api/breakdown');
    expect(body.fromDate).toBe('2025-01-01');
    expect(body.collected - body.spent).toBe(2450);
    expect(body.byPartner.map((p) => p.partnerName)).toEqual(expect.arrayContaining(["Sainsbury's", 'Esso']));
    // One row per partner: Sainsbury's shopping, spending and adjustment are one row.
    const names = body.byPartner.map((p) => p.partnerName);
    expect(new Set(names).size).toBe(names.length);
    const sainsburys = body.byPartner.find((p) => p.partnerName === "Sainsbury's");
    expect(sainsburys?.collected).toBeGreaterThan(0);
    expect(sainsburys?.spent).toBeGreaterThan(0);
    expect(body.byPartner.reduce((sum, p) => sum + p.collected, 0)).toBe(body.collected);
    expect(body.byPartner.reduce((sum, p) => sum + p.spent, 0)).toBe(body.spent);
  });

  it('names an entry without partner details by its source in words, in the feed and the breakdown', async () => {
    const member = await signedInMember(t);
    for (const [source, amount] of [
      ['sainsburys-till', 500],
      ['some-new_partner', 40],
    ] as const) {
      await recordPoints(t.app.db, {
        collectorId: member.id,
        amount,
        reason: 'Shopping',
        source,
        idempotencyKey: `source-name-${source}-${member.id}`,
      });
    }
    const feed = await t.app.inject({
      url: '/nectar-shared-transactions-api/transactions',
      cookies: member.cookies,
    });
    expect(feed.json<TransactionsResponse>().items.map((item) => item.partnerName)).toEqual([
      'Some new partner',
      "Sainsbury's",
    ]);
    const breakdown = await t.app.inject({ url: '/ledger-api/breakdown', cookies: member.cookies });
    expect(
      breakdown
        .json<Breakdown>()
        .byPartner.map((p) => p.partnerName)
        .sort(),
    ).toEqual(["Sainsbury's", 'Some new partner']);
  });

  it('shows a digital receipt and offers it as a download', async () => {
    const feed = await get<TransactionsResponse>('/nectar-shared-transactions-api/transactions?pageSize=50');
    const shop = feed.body.items.find((item) => item.receiptId);
    const receipt = await get<Receipt>(`/nectar-shared-transactions-api/digital-receipts/${shop?.receiptId}`);
    expect(receipt.status).toBe(200);
    expect(receipt.body.total).toBe(shop?.spend);
    expect(receipt.body.lines.length).toBeGreaterThan(0);
    const file = await t.app.inject({
      method: 'GET',
      url: `/nectar-shared-transactions-api/digital-receipts/${shop?.receiptId}/download`,
      cookies,
    });
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="receipt-/);
    expect(file.body).toContain(`Total`);
    expect(file.body).toContain(receipt.body.total);
  });

  it('answers an id that is not one of ours as a receipt it cannot find', async () => {
    for (const id of ['nope', randomUUID()]) {
      const missing = await get(`/nectar-shared-transactions-api/digital-receipts/${id}`);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({
        code: 'RECEIPT_NOT_FOUND',
        description: "We couldn't find that receipt.",
      });
    }
  });
});
