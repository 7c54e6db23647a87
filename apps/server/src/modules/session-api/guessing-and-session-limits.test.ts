// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInMessages } from '@app/contracts/sign-in';
import { demoCollector } from '../../start-data/demo-collector.ts';
import { cards, credentials } from '../../db/schema/core.ts';
import { knownDevices, oidcModels, oneTimeCodes } from '../../db/schema/identity.ts';
import { buildTestApp, jsWeb, type TestApp } from '../../test/build-test-app.ts';
import { authorize, Jar, passwordStep, signInFully } from '../../test/oidc-browser.ts';

const WRONG = 'Not-the-password-1';
/** Each parallel guess from its own address, as an attacker with many addresses would send them. */
const fromAddress = (i: number) => `198.51.100.${(i % 250) + 1}`;

const demoCollectorId = async (t: TestApp) => {
  const [card] = await t.app.db
    .select({ collectorId: cards.collectorId })
    .from(cards)
    .where(eq(cards.number, demoCollector.cardNumber));
  return card?.collectorId ?? '';
};

describe('sign-in refuses parallel guessing and keeps the provider within the session limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ SESSION_IDLE_MINUTES: '30', SESSION_ABSOLUTE_HOURS: '12' });
  });
  afterAll(async () => t.close());

  it('checks at most 5 passwords when 15 wrong ones arrive at once, then refuses the right one', async () => {
    const jar = new Jar();
    const { uid } = await passwordStep(t, jar, WRONG);
    await t.app.db.update(credentials).set({ failedAttempts: 0, lockedUntil: null });
    const tryPassword = (password: string, i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/recaptcha/collector/sessions',
        headers: { ...jsWeb, cookie: jar.header() },
        remoteAddress: fromAddress(i),
        payload: { collectorId: demoCollector.cardNumber, password, interaction: uid },
      });
    // Which guess reaches the database first is up to the connection pool, so the right password follows the
    // burst: had it raced with it, it could fairly have been one of the 5 checked.
    const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => tryPassword(WRONG, i)));
    expect(answers.filter((answer) => answer.statusCode === 401)).toHaveLength(4);
    expect(answers.filter((answer) => answer.statusCode === 403)).toHaveLength(11);
    expect(new Set(answers.filter((a) => a.statusCode === 403).map((a) => a.json().code))).toEqual(
      new Set(['ACCOUNT_LOCKED']),
    );
    const right = await tryPassword(demoCollector.password, 15);
    expect(right.statusCode).toBe(403);
    expect(right.json().code).toBe('ACCOUNT_LOCKED');
    const [credential] = await t.app.db
      .select()
      .from(credentials)
      .where(eq(credentials.collectorId, await demoCollectorId(t)));
    expect(credential?.lockedUntil?.getTime()).toBeGreaterThan(Date.now());
    await t.app.db.update(credentials).set({ failedAttempts: 0, lockedUntil: null, lockouts: 0 });
  });

  it('locks an unknown card after 5 wrong passwords with the same answer as a real account', async () => {
    const jar = new Jar();
    const { uid } = await passwordStep(t, jar, WRONG);
    await t.app.db.update(credentials).set({ failedAttempts: 0, lockedUntil: null, lockouts: 0 });
    const tryCard = (collectorId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/recaptcha/collector/sessions',
        headers: { ...jsWeb, cookie: jar.header() },
        payload: { collectorId, password: WRONG, interaction: uid },
      });
    const unknown: { statusCode: number; body: string }[] = [];
    const real: { statusCode: number; body: string }[] = [];
    for (let i = 0; i < 4; i += 1) {
      unknown.push(await tryCard('9826300099999999999'));
      real.push(await tryCard(demoCollector.cardNumber));
    }
    unknown.push(await tryCard('9826300099999999999'));
    real.push(await tryCard(demoCollector.cardNumber));
    expect(unknown.map((answer) => [answer.statusCode, answer.body])).toEqual(
      real.map((answer) => [answer.statusCode, answer.body]),
    );
    expect(JSON.parse(unknown[4]?.body ?? '{}')).toEqual({
      code: 'ACCOUNT_LOCKED',
      description: signInMessages.lockedOut(15),
    });
    await t.app.db.update(credentials).set({ failedAttempts: 0, lockedUntil: null, lockouts: 0 });
  });

  it("keeps the provider's session within the web session's idle limit and asks again past the absolute one", async () => {
    const jar = new Jar();
    expect((await signInFully(t, jar)).statusCode).toBe(200);
    const [session] = await t.app.db.select().from(oidcModels).where(eq(oidcModels.model, 'Session'));
    expect(session?.expiresAt?.getTime()).toBeLessThanOrEqual(Date.now() + 30 * 60_000 + 5_000);

    // Within the limits the provider signs the browser in again without a password...
    const again = await authorize(t, jar);
    expect(new URL(String(again.auth.headers.location)).pathname).toBe('/oauth_redirect');
    // ...but not once the password is older than SESSION_ABSOLUTE_HOURS.
    const old = Math.floor(Date.now() / 1000) - 13 * 3600;
    await t.app.db
      .update(oidcModels)
      .set({ payload: sql`jsonb_set(${oidcModels.payload}, '{loginTs}', ${String(old)}::jsonb)` })
      .where(eq(oidcModels.model, 'Session'));
    const late = await authorize(t, jar);
    expect(new URL(String(late.auth.headers.location), t.config.publicUrl).pathname).toBe('/id/start/login');
  });

  it("ends the provider's sessions, grants, tokens and known devices when the password is reset", async () => {
    const jar = new Jar();
    expect((await signInFully(t, jar)).statusCode).toBe(200);
    const collectorId = await demoCollectorId(t);
    await t.app.db
      .insert(knownDevices)
      .values({ collectorId, deviceHash: 'device-of-test' })
      .onConflictDoNothing();

    await t.app.inject({
      method: 'POST',
      url: '/customer-management-api/credentials/password/reset',
      headers: jsWeb,
      payload: { email: demoCollector.email },
    });
    const outbox = (await t.app.inject({ method: 'GET', url: '/dev/outbox' })).json<{ text: string }[]>();
    const token = /token=([\w-]+)/.exec(outbox[0]?.text ?? '')?.[1] ?? '';
    const changed = await t.app.inject({
      method: 'POST',
      url: '/customer-management-api/credentials/password',
      headers: jsWeb,
      payload: { token, password: demoCollector.password },
    });
    expect(changed.statusCode).toBe(200);

    const left = await t.app.db
      .select({ model: oidcModels.model })
      .from(oidcModels)
      .where(sql`${oidcModels.payload}->>'accountId' = ${collectorId}`);
    expect(left).toEqual([]);
    expect(
      await t.app.db.select().from(knownDevices).where(eq(knownDevices.collectorId, collectorId)),
    ).toEqual([]);
    // The browser's provider cookie no longer signs it in: the password is asked for.
    const after = await authorize(t, jar);
    expect(new URL(String(after.auth.headers.location), t.config.publicUrl).pathname).toBe('/id/start/login');
  });
});

describe('logging other devices out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  /** A signed-in browser calling the account API with its cookies. */
  const call = (jar: Jar, method: 'GET' | 'POST', url: string) =>
    t.app.inject({
      method,
      url: `/customer-management-api${url}`,
      headers: { channel: 'JS-WEB', cookie: jar.header() },
    });
  /** Whether the provider signs this browser straight back in (no password asked). */
  const signedStraightBackIn = async (jar: Jar) =>
    new URL(String((await authorize(t, jar)).auth.headers.location), t.config.publicUrl).pathname ===
    '/oauth_redirect';
  const currentSessionId = async (jar: Jar) =>
    (await call(jar, 'GET', '/account/sessions'))
      .json<{ sessions: { id: string; current: boolean }[] }>()
      .sessions.find((session) => session.current)?.id ?? '';

  it("'Log out of other devices' ends the other browsers' provider sign-ins, grants and refresh tokens too", async () => {
    const other = new Jar();
    const mine = new Jar();
    expect((await signInFully(t, other)).statusCode).toBe(200);
    expect((await signInFully(t, mine)).statusCode).toBe(200);
    expect(await signedStraightBackIn(other)).toBe(true);

    const out = await call(mine, 'POST', '/account/sessions/sign-out-others');
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ description: 'You have been logged out of every other device.' });
    mine.store(out.headers['set-cookie']);

    expect((await call(other, 'GET', '/customer/v2')).statusCode).toBe(401);
    expect(await signedStraightBackIn(other)).toBe(false);
    const collectorId = await demoCollectorId(t);
    const left = await t.app.db
      .select({ model: oidcModels.model })
      .from(oidcModels)
      .where(
        sql`${oidcModels.model} in ('Session', 'Grant', 'RefreshToken', 'AccessToken') and ${oidcModels.payload}->>'accountId' = ${collectorId}`,
      );
    expect(left).toEqual([]);
    // This browser stays signed in on the website.
    expect((await call(mine, 'GET', '/customer/v2')).statusCode).toBe(200);
  });

  it('logs one other device out, with the provider sign-in behind it, and leaves this one signed in', async () => {
    const other = new Jar();
    const mine = new Jar();
    expect((await signInFully(t, other)).statusCode).toBe(200);
    expect((await signInFully(t, mine)).statusCode).toBe(200);
    const otherId = await currentSessionId(other);
    const listed = (await call(mine, 'GET', '/account/sessions')).json<{ sessions: { id: string }[] }>();
    expect(listed.sessions.map((session) => session.id)).toContain(otherId);

    const out = await call(mine, 'POST', `/account/sessions/${otherId}/sign-out`);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({
      description: 'That device has been logged out. It needs your password to log in again.',
    });
    expect((await call(other, 'GET', '/customer/v2')).statusCode).toBe(401);
    expect(await signedStraightBackIn(other)).toBe(false);
    // This browser keeps its web session and its provider sign-in.
    expect((await call(mine, 'GET', '/customer/v2')).statusCode).toBe(200);
    expect(await signedStraightBackIn(mine)).toBe(true);

    const again = await call(mine, 'POST', `/account/sessions/${otherId}/sign-out`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({
      code: 'SESSION_NOT_FOUND',
      description: 'That device is no longer logged in.',
    });
    const self = await call(mine, 'POST', `/account/sessions/${await currentSessionId(mine)}/sign-out`);
    expect(self.statusCode).toBe(400);
    expect(self.json().code).toBe('SESSION_CURRENT');
    const events = (await call(mine, 'GET', '/account/events')).json<{ events: { type: string }[] }>();
    expect(events.events.map((event) => event.type)).toContain('signed-out-device');
  });
});

describe('device 2FA refuses parallel guessing and forgets devices not seen for 90 days', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ DEVICE_2FA: 'true' });
  });
  afterAll(async () => t.close());

  const latestCode = async () => {
    const outbox = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    return /\b(\d{6})\b/.exec(outbox.json<{ text: string }[]>()[0]?.text ?? '')?.[1] ?? '';
  };

  it('compares at most 5 codes when 19 wrong ones arrive at once, then refuses the right one', async () => {
    const jar = new Jar();
    const { step: challenge } = await passwordStep(t, jar);
    expect(challenge.statusCode).toBe(403);
    const { encryptedSessionJwt } = challenge.json<{ encryptedSessionJwt: string }>();
    const code = await latestCode();
    const guess = (twoFaCode: string, i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/session-api/session/sessions/oauth/2fa-validate',
        // The guesser's own browser, which ran the password step (it holds the interaction cookie).
        headers: { ...jsWeb, cookie: jar.header() },
        remoteAddress: fromAddress(i),
        payload: { twoFaCode, encryptedSessionJwt },
      });
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    // In one burst, arriving in any order (on PostgreSQL they run truly in parallel).
    const answers = await Promise.all(Array.from({ length: 19 }, (_, i) => guess(wrong(i), i)));
    const compared = answers.filter((answer) => answer.json().code === 'CODE_INCORRECT');
    expect(compared.length).toBeLessThanOrEqual(5);
    expect(answers.every((answer) => answer.statusCode === 400)).toBe(true);
    const right = await guess(code, 19);
    expect(right.statusCode).toBe(400);
    expect(right.json().code).toBe('CODE_MAX_ATTEMPTS');
    const [row] = await t.app.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.purpose, 'device-2fa')));
    expect(row?.attempts).toBe(5);
  });

  it('asks again for a code on a device not signed in on for 90 days', async () => {
    const jar = new Jar();
    const challenge = (await passwordStep(t, jar)).step.json<{ encryptedSessionJwt: string }>();
    const validated = await t.app.inject({
      method: 'POST',
      url: '/session-api/session/sessions/oauth/2fa-validate',
      headers: { ...jsWeb, cookie: jar.header() },
      payload: { twoFaCode: await latestCode(), encryptedSessionJwt: challenge.encryptedSessionJwt },
    });
    expect(validated.statusCode).toBe(200);
    jar.store(validated.headers['set-cookie']);
    const device = new Jar();
    device.store(`lc_device=${jar.get('lc_device')}`);
    expect((await signInFully(t, device)).statusCode).toBe(200);
    await t.app.db.update(knownDevices).set({ lastSeenAt: new Date(Date.now() - 91 * 24 * 3_600_000) });
    const later = new Jar();
    later.store(`lc_device=${jar.get('lc_device')}`);
    expect((await passwordStep(t, later)).step.statusCode).toBe(403);
  });

  it('keeps the guesses of a pending sign-in across resends', async () => {
    const jar = new Jar();
    const { encryptedSessionJwt } = (await passwordStep(t, jar)).step.json<{ encryptedSessionJwt: string }>();
    const code = await latestCode();
    const wrongCode = code === '000000' ? '111111' : '000000';
    const validate = (twoFaCode: string) =>
      t.app.inject({
        method: 'POST',
        url: '/session-api/session/sessions/oauth/2fa-validate',
        headers: { ...jsWeb, cookie: jar.header() },
        payload: { twoFaCode, encryptedSessionJwt },
      });
    for (let i = 0; i < 5; i += 1) await validate(wrongCode);
    const resent = await t.app.inject({
      method: 'POST',
      url: '/session-api/session/sessions/oauth/2fa-resend',
      headers: jsWeb,
      payload: { encryptedSessionJwt },
    });
    // No new code is sent once the guesses are spent (they are kept across sends): it could never be accepted.
    expect(resent.statusCode).toBe(400);
    expect(resent.json().code).toBe('CODE_MAX_ATTEMPTS');
    expect(await latestCode()).toBe(code);
    expect((await validate(code)).json().code).toBe('CODE_MAX_ATTEMPTS');
  });
});
