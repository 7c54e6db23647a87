// @databases both: instances hear of changes by LISTEN/NOTIFY on PostgreSQL and in process on PGlite.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCollector } from '../start-data/demo-collector.ts';
import { cards } from '../db/schema/core.ts';
import { SESSION_COOKIE } from '../plugins/session.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createChangeFeed } from './change-feed.ts';
import { recordPoints } from './points-ledger.ts';

/** Waits until `check` holds, for at most a second (a notification crosses a real connection). */
async function eventually(check: () => Promise<boolean>) {
  const until = Date.now() + 1000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('the change did not arrive within a second');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Signed-in reads are answered from memory (sessions, balances), so every instance must forget what changed
 * anywhere. Against PostgreSQL two instances share one database; with PGlite there is one instance.
 */
describe('what each instance keeps in memory follows every change', () => {
  let a: TestApp;
  let b: TestApp;
  let collectorId: string;
  const balanceOn = async (t: TestApp, token: string) =>
    (await t.app.inject({ url: '/balance-api/balance', cookies: { [SESSION_COOKIE]: token } })).json<{
      balance: number;
    }>().balance;
  const statusOn = async (t: TestApp, token: string) =>
    (await t.app.inject({ url: '/balance-api/balance', cookies: { [SESSION_COOKIE]: token } })).statusCode;

  beforeAll(async () => {
    a = await buildTestApp();
    // The second instance opens the first one's database (PostgreSQL), or is the same instance (PGlite).
    b = a.config.databaseUrl ? await buildTestApp({}, { databaseUrl: a.config.databaseUrl }) : a;
    const [card] = await a.app.db.select().from(cards).where(eq(cards.number, demoCollector.cardNumber));
    collectorId = card?.collectorId ?? '';
  });
  afterAll(async () => {
    if (b !== a) await b.close();
    await a.close();
  });

  it('a new balance is seen on every instance once the ledger changes', async () => {
    const { token } = await a.app.sessions.create(collectorId);
    const before = await balanceOn(b, token);
    expect(await balanceOn(a, token)).toBe(before);
    await recordPoints(
      a.app.db,
      { collectorId, amount: 150, reason: 'Bonus', source: 'TEST', idempotencyKey: `feed-${Date.now()}` },
      a.app.changes,
    );
    expect(await balanceOn(a, token)).toBe(before + 150);
    await eventually(async () => (await balanceOn(b, token)) === before + 150);
  });

  it('a new ledger entry heads the first activity page of every instance', async () => {
    const { token } = await a.app.sessions.create(collectorId);
    const firstIdOn = async (t: TestApp) =>
      (
        await t.app.inject({
          url: '/nectar-shared-transactions-api/transactions',
          cookies: { [SESSION_COOKIE]: token },
        })
      ).json<{ items: Array<{ id: string }> }>().items[0]?.id;
    const before = await firstIdOn(b);
    expect(await firstIdOn(a)).toBe(before);
    await recordPoints(
      a.app.db,
      { collectorId, amount: 25, reason: 'Bonus', source: 'TEST', idempotencyKey: `activity-${Date.now()}` },
      a.app.changes,
    );
    const after = await firstIdOn(a);
    expect(after).not.toBe(before);
    await eventually(async () => (await firstIdOn(b)) === after);
  });

  it('a replaced card is the card of every instance, barcode included', async () => {
    const { token } = await a.app.sessions.create(collectorId);
    const cookies = { [SESSION_COOKIE]: token };
    const cardOn = async (t: TestApp) =>
      (await t.app.inject({ url: '/customer-management-api/customer/card', cookies })).json<{
        cardNumber: string;
      }>().cardNumber;
    const before = await cardOn(b);
    expect(await cardOn(a)).toBe(before);
    const replaced = await a.app.inject({
      method: 'POST',
      url: '/customer-management-api/replacement-card?replacementType=DAMAGED&cardType=CARD',
      headers: { channel: 'JS-WEB' },
      cookies,
    });
    expect(replaced.statusCode).toBe(200);
    const after = replaced.json<{ cardNumber: string }>().cardNumber;
    expect(after).not.toBe(before);
    expect(await cardOn(a)).toBe(after);
    await eventually(async () => (await cardOn(b)) === after);
  });

  it("an offer's new state is in the offers list of every instance", async () => {
    const { token } = await a.app.sessions.create(collectorId);
    const stateOf = async (t: TestApp, id: string) =>
      (await t.app.inject({ url: '/offers-api/offers?type=ALL', cookies: { [SESSION_COOKIE]: token } }))
        .json<{ offers: Array<{ id: string; state: string }> }>()
        .offers.find((offer) => offer.id === id)?.state;
    const id = 'piano-010';
    const before = await stateOf(b, id);
    expect(await stateOf(a, id)).toBe(before);
    const next = before === 'LOADED' ? 'UNLOADED' : 'LOADED';
    const changed = await a.app.inject({
      method: 'PUT',
      url: '/offers-api/offer/state',
      headers: { channel: 'JS-WEB', 'content-type': 'application/json' },
      cookies: { [SESSION_COOKIE]: token },
      payload: { offers: [{ id, state: next }] },
    });
    expect(changed.statusCode).toBe(200);
    expect(await stateOf(a, id)).toBe(next);
    await eventually(async () => (await stateOf(b, id)) === next);
  });

  it('a session ended on one instance ends on every instance', async () => {
    const { token } = await a.app.sessions.create(collectorId);
    expect(await statusOn(b, token)).toBe(200);
    expect(await statusOn(a, token)).toBe(200);
    await a.app.sessions.destroy(token);
    expect(await statusOn(a, token)).toBe(401);
    await eventually(async () => (await statusOn(b, token)) === 401);
  });

  it('every session of a collector ends everywhere when they are all ended (a password change)', async () => {
    const first = await a.app.sessions.create(collectorId);
    const second = await b.app.sessions.create(collectorId);
    expect(await statusOn(b, first.token)).toBe(200);
    expect(await statusOn(a, second.token)).toBe(200);
    await b.app.sessions.destroyAllFor(collectorId);
    await eventually(
      async () => (await statusOn(a, first.token)) === 401 && (await statusOn(a, second.token)) === 401,
    );
    expect(await statusOn(b, first.token)).toBe(401);
  });
});

describe('the change feed', () => {
  it('is not trusted while it cannot listen, so nothing is answered from memory', async () => {
    const errors: Error[] = [];
    const feed = createChangeFeed({
      databaseUrl: 'postgres://root@127.0.0.1:1/nowhere',
      onError: (error) => errors.push(error),
    });
    await eventually(async () => errors.length > 0);
    expect(feed.reliable()).toBe(false);
    await feed.close();
  });
});
