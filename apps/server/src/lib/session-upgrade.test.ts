// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCollector } from '../start-data/demo-collector.ts';
import { cards } from '../db/schema/core.ts';
import { SESSION_COOKIE } from '../plugins/session.ts';
import { buildTestApp, jsWeb, type TestApp } from '../test/build-test-app.ts';
import { NEEDS_UPGRADE } from './session-upgrade.ts';

let t: TestApp;
let collectorId = '';
beforeAll(async () => {
  t = await buildTestApp();
  const [card] = await t.app.db.select().from(cards).where(eq(cards.number, demoCollector.cardNumber));
  collectorId = card?.collectorId ?? '';
});
afterAll(async () => t.close());

const redeem = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/offers-api/redemptions',
    headers: { ...jsWeb, referer: `${t.config.publicUrl}/redemption?reward=x` },
    cookies: { [SESSION_COOKIE]: token },
    payload: { rewardId: 'no-such-reward', idempotencyKey: randomUUID() },
  });

describe('the session upgrade (DN57, docs/product/calls-and-errors.md §R8, §S8)', () => {
  it('a session started by registration’s auto-login may read, but a spend answers DN57 with where to log in', async () => {
    const { token } = await t.app.sessions.create(collectorId, { [NEEDS_UPGRADE]: true });
    const read = await t.app.inject({ url: '/balance-api/balance', cookies: { [SESSION_COOKIE]: token } });
    expect(read.statusCode).toBe(200);

    const spend = await redeem(token);
    expect(spend.statusCode).toBe(400);
    const body = spend.json<{ code: string; errorCode: string; loginUrl: string; token: string }>();
    expect(body).toMatchObject({
      code: '57',
      errorCode: 'DN57',
      description: 'Please log in again to continue.',
      loginUrl: '/progressive/identity-login',
    });
    // The token takes the member back to the page they were on once logged in through the identity provider.
    const login = await t.app.inject(`${body.loginUrl}?token=${encodeURIComponent(body.token)}`);
    expect(login.statusCode).toBe(302);
    expect(login.headers.location).toBe(
      `/id/start/login?${new URLSearchParams({ next: '/redemption?reward=x' })}`,
    );
    // A token changed on the way is not believed.
    const forged = await t.app.inject(
      `${body.loginUrl}?token=${encodeURIComponent(`${body.token.slice(0, -2)}xx`)}`,
    );
    expect(forged.headers.location).toBe('/id/start/login');
  });

  it('a session from the identity provider is not asked to upgrade', async () => {
    const { token } = await t.app.sessions.create(collectorId);
    const spend = await redeem(token);
    expect(spend.json<{ code: string }>().code).not.toBe('57');
  });
});
