// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { randomUUID } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redemptionMessages, type RedemptionResponse, type Voucher } from '@app/contracts/vouchers';
import { demoCollector } from '../../start-data/demo-collector.ts';
import { vouchers } from '../../db/schema/card-activity.ts';
import { cards } from '../../db/schema/core.ts';
import { pointsLedger } from '../../db/schema/points-ledger.ts';
import { pointsBalance } from '../../lib/points-ledger.ts';
import { isRedemptionLocked, setRedemptionLock } from '../../lib/redemption-lock.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { buildTestApp, jsWeb, type TestApp } from '../../test/build-test-app.ts';
import { decodeCode128 } from '../../test/decode-barcode.ts';
import { cardDemoCollector } from '../../start-data/demo-activity.ts';
import { redemptionLedgerKey } from '../../lib/ledger-keys.ts';

let t: TestApp;
let samId: string;
let sam: Record<string, string>;

const idOf = async (number: string) =>
  (await t.app.db.select().from(cards).where(eq(cards.number, number)))[0]?.collectorId ?? '';
const redeem = (cookies: Record<string, string>, rewardId: string, idempotencyKey: string = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: '/offers-api/redemptions',
    headers: jsWeb,
    cookies,
    payload: { rewardId, idempotencyKey },
  });

beforeAll(async () => {
  t = await buildTestApp();
  samId = await idOf(cardDemoCollector.cardNumber);
  sam = { [SESSION_COOKIE]: (await t.app.sessions.create(samId)).token };
});
afterAll(async () => t.close());

describe('spending points on a voucher', () => {
  it("shows each reward with its partner's logo from the brand catalogue", async () => {
    for (const zero of ['false', 'true']) {
      const res = await t.app.inject({ url: `/offers-api/rewards?zero=${zero}`, cookies: sam });
      const rewards = res.json<{ rewards: Array<{ partnerName: string; logoImageLocation: string }> }>()
        .rewards;
      expect(rewards.length).toBeGreaterThan(0);
      for (const { partnerName, logoImageLocation } of rewards) {
        expect(logoImageLocation).toMatch(/^\/anonymous-nectar-brands-api\/logos\/[a-z-]+\.svg$/);
        const logo = await t.app.inject(logoImageLocation);
        expect(logo.statusCode, partnerName).toBe(200);
        expect(logo.body).toContain('logo"');
      }
    }
  });

  it('debits the ledger once per idempotency key and answers a voucher whose barcode scans to its code', async () => {
    const start = await pointsBalance(t.app.db, samId);
    expect(start).toBe(cardDemoCollector.startingPoints);
    const key = randomUUID();
    const first = await redeem(sam, 'retailer-5', key);
    expect(first.statusCode).toBe(201);
    const body = first.json<RedemptionResponse>();
    expect(body).toMatchObject({ created: true, balance: start - 1000 });
    expect(body.voucher).toMatchObject({ points: 1000, partnerName: "Sainsbury's", used: null });
    expect(decodeCode128(body.voucher.base64BarCode)).toBe(body.voucher.voucherCode);

    const repeat = await redeem(sam, 'retailer-5', key);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json<RedemptionResponse>()).toMatchObject({
      created: false,
      balance: start - 1000,
      voucher: { id: body.voucher.id },
    });
    expect(await pointsBalance(t.app.db, samId)).toBe(start - 1000);

    const otherReward = await redeem(sam, 'retailer-10', key);
    expect(otherReward.statusCode).toBe(409);

    const list = await t.app.inject({ method: 'GET', url: '/offers-api/vouchers', cookies: sam });
    expect(list.json<{ vouchers: Voucher[] }>().vouchers.map((v) => v.id)).toEqual([body.voucher.id]);
    const byTransaction = await t.app.inject({
      method: 'GET',
      url: `/offers-api/vouchers/by-transaction/${body.voucher.transactionId}`,
      cookies: sam,
    });
    expect(byTransaction.json<Voucher>().id).toBe(body.voucher.id);
    const used = await t.app.inject({
      method: 'PUT',
      url: `/offers-api/vouchers/${body.voucher.id}/used`,
      headers: jsWeb,
      cookies: sam,
      payload: { used: true },
    });
    expect(used.json<Voucher>().used).toBe(true);
  });

  it('shows the voucher in the activity feed as a spend that links to it', async () => {
    const feed = await t.app.inject({
      method: 'GET',
      url: '/nectar-shared-transactions-api/transactions?pageSize=20',
      cookies: sam,
    });
    const [latest] = feed.json<{
      items: Array<{ points: number; voucherId: string | null; partnerKind: string }>;
    }>().items;
    expect(latest).toMatchObject({ points: -1000, partnerKind: 'REDEMPTION' });
    expect(latest?.voucherId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never overdraws: a reward worth more than the balance is refused and nothing is written', async () => {
    const before = await pointsBalance(t.app.db, samId);
    const keys = ['retailer-20', 'retailer-20'];
    for (const reward of keys) await redeem(sam, reward);
    const after = await pointsBalance(t.app.db, samId);
    expect(after).toBe(before - 4000);
    const refused = await redeem(sam, 'retailer-20');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'INSUFFICIENT_POINTS',
      description: redemptionMessages.notEnough,
    });
    expect(await pointsBalance(t.app.db, samId)).toBe(after);
  });

  it("refuses while the redemption lock is on, with the spec's words", async () => {
    const demoId = await idOf(demoCollector.cardNumber);
    const demo = { [SESSION_COOKIE]: (await t.app.sessions.create(demoId)).token };
    await setRedemptionLock(t.app.db, demoId, true);
    expect(await isRedemptionLocked(t.app.db, demoId)).toBe(true);
    const before = await pointsBalance(t.app.db, demoId);
    const res = await redeem(demo, 'retailer-2-50');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'REDEMPTION_LOCKED',
      description: "you can't spend points with this account right now",
    });
    expect(await pointsBalance(t.app.db, demoId)).toBe(before);
    await setRedemptionLock(t.app.db, demoId, false);
    expect((await redeem(demo, 'retailer-2-50')).statusCode).toBe(201);
  });

  it('gives a free reward once, whatever key is sent, without touching the ledger', async () => {
    const before = await pointsBalance(t.app.db, samId);
    const first = await redeem(sam, 'welcome-coffee');
    expect(first.statusCode).toBe(201);
    const second = await redeem(sam, 'welcome-coffee');
    expect(second.statusCode).toBe(200);
    expect(second.json<RedemptionResponse>().voucher.id).toBe(first.json<RedemptionResponse>().voucher.id);
    expect(await pointsBalance(t.app.db, samId)).toBe(before);
  });

  it('refuses unknown rewards, bad keys, other members’ vouchers and anonymous calls', async () => {
    expect((await redeem(sam, 'gold-bar')).statusCode).toBe(404);
    expect((await redeem(sam, 'retailer-5', 'not-a-uuid')).statusCode).toBe(400);
    const [theirs] = await t.app.db
      .select()
      .from(vouchers)
      .where(eq(vouchers.collectorId, await idOf(demoCollector.cardNumber)));
    const peek = await t.app.inject({
      method: 'GET',
      url: `/offers-api/vouchers/${theirs?.id}`,
      cookies: sam,
    });
    expect(peek.statusCode).toBe(404);
    // An id that is not one of ours at all (an edited address) is a voucher we cannot find, in the same words.
    for (const url of ['/offers-api/vouchers/nope', '/offers-api/vouchers/by-transaction/nope']) {
      const malformed = await t.app.inject({ method: 'GET', url, cookies: sam });
      expect(malformed.statusCode).toBe(404);
      expect(malformed.json()).toEqual(peek.json());
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/offers-api/redemptions',
      headers: jsWeb,
      payload: { rewardId: 'retailer-5', idempotencyKey: randomUUID() },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('200 redemptions at the same time (PostgreSQL)', () => {
  it('never overdraw and never apply one key twice', async () => {
    const demoId = await idOf(demoCollector.cardNumber);
    const cookies = { [SESSION_COOKIE]: (await t.app.sessions.create(demoId)).token };
    const start = await pointsBalance(t.app.db, demoId);
    // 100 keys, each sent twice, all at once: at most floor(start / 500) can be paid for.
    const keys: string[] = Array.from({ length: 100 }, () => randomUUID());
    const results = await Promise.all([...keys, ...keys].map((key) => redeem(cookies, 'retailer-2-50', key)));
    const statuses = results.map((res) => res.statusCode);
    expect(statuses.every((status) => [200, 201, 409].includes(status))).toBe(true);
    const created = statuses.filter((status) => status === 201).length;
    expect(created).toBe(Math.min(100, Math.floor(start / 500)));

    const end = await pointsBalance(t.app.db, demoId);
    expect(end).toBe(start - created * 500);
    expect(end).toBeGreaterThanOrEqual(0);
    const debits = await t.app.db
      .select({ key: pointsLedger.idempotencyKey })
      .from(pointsLedger)
      .where(like(pointsLedger.idempotencyKey, `${redemptionLedgerKey(demoId, '')}%`));
    const appliedKeys = debits.map((row) => row.key).filter((key) => keys.some((k) => key.endsWith(k)));
    expect(new Set(appliedKeys).size).toBe(appliedKeys.length);
    expect(appliedKeys.length).toBe(created);
    const made = await t.app.db.select().from(vouchers).where(eq(vouchers.collectorId, demoId));
    expect(made.filter((v) => keys.includes(v.requestKey)).length).toBe(created);
  });
});
