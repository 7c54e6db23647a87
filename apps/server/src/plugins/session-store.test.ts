// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCollector } from '../start-data/demo-collector.ts';
import { cards, sessions } from '../db/schema/core.ts';
import { SESSION_COOKIE } from './session.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createSessionStore } from './session-store.ts';

let t: TestApp;
let collectorId: string;
beforeAll(async () => {
  t = await buildTestApp();
  const [card] = await t.app.db.select().from(cards).where(eq(cards.number, demoCollector.cardNumber));
  collectorId = card?.collectorId ?? '';
});
afterAll(async () => t.close());

describe('session store', () => {
  it('ends a session after the idle time-out, and slides it with use', async () => {
    let clock = new Date('2026-11-22T10:00:00Z');
    const store = createSessionStore(t.app.db, { idleMinutes: 30, absoluteHours: 12 }, () => clock);
    const { token } = await store.create(collectorId);
    clock = new Date('2026-11-22T10:29:00Z');
    expect(await store.read(token)).toBeDefined();
    clock = new Date('2026-11-22T10:58:00Z');
    expect(await store.read(token)).toBeDefined();
    clock = new Date('2026-11-22T11:29:00Z');
    expect(await store.read(token)).toBeUndefined();
  });

  it('ends a session at the absolute time-out however active it is', async () => {
    let clock = new Date('2026-11-22T00:00:00Z');
    const store = createSessionStore(t.app.db, { idleMinutes: 30, absoluteHours: 1 }, () => clock);
    const { token } = await store.create(collectorId);
    clock = new Date('2026-11-22T00:25:00Z');
    expect(await store.read(token)).toBeDefined();
    clock = new Date('2026-11-22T00:50:00Z');
    expect(await store.read(token)).toBeDefined();
    clock = new Date('2026-11-22T01:00:00Z');
    expect(await store.read(token)).toBeUndefined();
  });

  it('stores only a hash of the cookie value', async () => {
    const { token } = await t.app.sessions.create(collectorId);
    const rows = await t.app.db.select({ idHash: sessions.idHash }).from(sessions);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.idHash === token)).toBe(false);
  });
});

describe('profile call', () => {
  it('answers 401 without a session and the profile with one', async () => {
    const anonymous = await t.app.inject('/customer-management-api/customer/v2');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ code: 'UNAUTHENTICATED', description: 'Please log in to continue.' });

    const { token } = await t.app.sessions.create(collectorId);
    const res = await t.app.inject({
      url: '/customer-management-api/customer/v2',
      cookies: { [SESSION_COOKIE]: token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Alex',
      lastName: 'Morgan',
      cardNumber: demoCollector.cardNumber,
    });
  });
});
