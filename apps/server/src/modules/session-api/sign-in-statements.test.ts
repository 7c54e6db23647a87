// @databases both: it counts the round trips a sign-in makes to each database.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BotCheckChallenge } from '@app/contracts/bot-check';
import { WEB_CLIENT_ID } from '@app/contracts/sign-in';
import type { Database } from '../../db/database.ts';
import { demoCollector } from '../../start-data/demo-collector.ts';
import { accountEvents } from '../../db/schema/account.ts';
import { collectors, sessions } from '../../db/schema/core.ts';
import { knownDevices, oidcModels } from '../../db/schema/identity.ts';
import { DEVICE_COOKIE } from '../../lib/known-devices.ts';
import { hashOf } from '../../lib/token-hash.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { authorizationCode, exchangeCode, Jar } from '../../test/oidc-browser.ts';

/**
 * Every round trip to the database a whole sign-in makes (ADR 047): each statement, and a transaction's begin
 * and end, as the driver under Drizzle is asked for them (the embedded database's thread, or the PostgreSQL
 * pool and the connections it lends).
 */
function roundTrips(db: Database) {
  const sent: string[] = [];
  let counting = false;
  const textOf = (query: unknown) =>
    typeof query === 'string' ? query : String((query as { text?: unknown } | undefined)?.text ?? query);
  type Client = Record<string, (...args: unknown[]) => unknown>;
  const counted = new WeakSet<Client>();
  const countQueries = (client: Client, prefix = '') => {
    const query = client.query?.bind(client);
    // A pooled connection is lent again and again: counted once.
    if (!query || counted.has(client)) return;
    counted.add(client);
    client.query = (...args: unknown[]) => {
      if (counting) sent.push(`${prefix}${textOf(args[0]).replace(/\s+/g, ' ').slice(0, 120)}`);
      return query(...args);
    };
  };
  const client = (db as unknown as { $client: Client }).$client;
  countQueries(client);
  // The embedded database's thread: a transaction is a begin, its statements and an end.
  const transaction = client.transaction?.bind(client);
  if (transaction) {
    client.transaction = (callback: unknown) => {
      if (counting) sent.push('begin');
      return (transaction as (callback: (tx: Client) => Promise<unknown>) => Promise<unknown>)(async (tx) => {
        countQueries(tx, '  ');
        const result = await (callback as (tx: Client) => Promise<unknown>)(tx);
        if (counting) sent.push('end');
        return result;
      });
    };
  }
  // PostgreSQL: a transaction runs on a connection the pool lends (its BEGIN and COMMIT are statements there).
  const connect = client.connect?.bind(client);
  if (connect) {
    client.connect = (...args: unknown[]) => {
      // The pool's own query borrows with a callback: that statement is counted as the pool's already.
      if (typeof args[0] === 'function') return connect(...args);
      return (connect() as Promise<Client>).then((lent) => {
        countQueries(lent, '  ');
        return lent;
      });
    };
  }
  return {
    sent,
    start: () => {
      sent.length = 0;
      counting = true;
    },
    stop: () => {
      counting = false;
      return [...sent];
    },
  };
}

/** A solved bot-check for the password step, as the browser sends it. */
async function solvedBotCheck(t: TestApp) {
  const answer = (await t.app.inject('/bot-check/challenge')).json<BotCheckChallenge>();
  if (answer.provider !== 'altcha') throw new Error('expected an altcha challenge');
  const solution = await solveChallenge({ challenge: answer.challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge: answer.challenge, solution })).toString('base64url');
}

/** A new browser's sign-in up to the provider's redirect back to the website: the code, not yet exchanged. */
const signInToCode = async (t: TestApp, jar: Jar) =>
  authorizationCode(t, jar, { 'x-recaptcha': `Bearer ${await solvedBotCheck(t)}` });

/** A new browser's whole sign-in (every request the web app makes): answers the code exchange's answer. */
const wholeSignIn = async (t: TestApp, jar: Jar) => {
  const { code, verifier, redirectUri } = await signInToCode(t, jar);
  return exchangeCode(t, jar, code, verifier, redirectUri);
};

/** Round trips of one whole sign-in by a new browser: 23 before ADR 047. */
const MAX_ROUND_TRIPS = 19;

describe('a whole sign-in and the database (ADR 047)', () => {
  let t: TestApp;
  let counter: ReturnType<typeof roundTrips>;
  beforeAll(async () => {
    t = await buildTestApp({ BOT_CHECK: 'altcha', BOT_CHECK_COST: '10' });
    counter = roundTrips(t.app.db);
    // The first sign-in of a process compiles and reads what later ones find ready (keys, secrets).
    expect((await wholeSignIn(t, new Jar())).statusCode).toBe(200);
  });
  afterAll(async () => t.close());

  it(`takes at most ${MAX_ROUND_TRIPS} round trips to the database, and writes the web session with its log entry and known device`, async () => {
    const jar = new Jar();
    counter.start();
    const session = await wholeSignIn(t, jar);
    const sent = counter.stop();
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ firstName: expect.any(String) });
    expect(sent.length, sent.join('\n')).toBeLessThanOrEqual(MAX_ROUND_TRIPS);

    // The rows the session's one statement writes are all there.
    const cookie = jar.get(t.app.cookieName(SESSION_COOKIE)) ?? '';
    const [row] = await t.app.db
      .select({ collectorId: sessions.collectorId, createdAt: sessions.createdAt, data: sessions.data })
      .from(sessions)
      .where(eq(sessions.idHash, hashOf(cookie)));
    expect(row).toBeDefined();
    const events = await t.app.db
      .select({ type: accountEvents.type })
      .from(accountEvents)
      .where(
        and(
          eq(accountEvents.collectorId, row?.collectorId ?? ''),
          sql`${accountEvents.detail}->>'sessionCreatedAt' = ${row?.createdAt.toISOString() ?? ''}`,
        ),
      );
    expect(events).toEqual([{ type: 'sign-in' }]);
    const device = await t.app.db
      .select({ clientId: knownDevices.clientId })
      .from(knownDevices)
      .where(
        and(
          eq(knownDevices.collectorId, row?.collectorId ?? ''),
          eq(knownDevices.deviceHash, hashOf(jar.get(t.app.cookieName(DEVICE_COOKIE)) ?? '')),
        ),
      );
    expect(device).toEqual([{ clientId: WEB_CLIENT_ID }]);

    // The session keeps its refresh token (stored, revocable); the access token its code exchange got and threw
    // away was a JWT for the website alone, never stored: no AccessToken row under the grant.
    const [refresh] = await t.app.db
      .select({ grantId: oidcModels.grantId })
      .from(oidcModels)
      .where(and(eq(oidcModels.model, 'RefreshToken'), eq(oidcModels.id, String(row?.data.refreshToken))));
    expect(refresh?.grantId).toEqual(expect.any(String));
    const underGrant = await t.app.db
      .select({ model: oidcModels.model })
      .from(oidcModels)
      .where(eq(oidcModels.grantId, refresh?.grantId ?? ''));
    expect(underGrant.map((model) => model.model).sort()).toEqual(['AuthorizationCode', 'RefreshToken']);
  });

  it('gives no session to an account closed between the password step and the code exchange', async () => {
    const jar = new Jar();
    const signedIn = await signInToCode(t, jar);
    const [member] = await t.app.db
      .update(collectors)
      .set({ status: 'closed' })
      .where(
        eq(collectors.id, sql`(select collector_id from cards where number = ${demoCollector.cardNumber})`),
      )
      .returning({ id: collectors.id });
    try {
      const session = await exchangeCode(t, jar, signedIn.code, signedIn.verifier, signedIn.redirectUri);
      expect(session.statusCode).toBe(400);
      expect(session.json()).toMatchObject({ code: 'SIGN_IN_FAILED' });
      expect(
        session.cookies.find((cookie) => cookie.name === t.app.cookieName(SESSION_COOKIE)),
      ).toBeUndefined();
    } finally {
      await t.app.db
        .update(collectors)
        .set({ status: 'active' })
        .where(eq(collectors.id, member?.id ?? ''));
    }
  });
});
