// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { SESSION_PRESENT_COOKIE } from '@app/contracts/session-paths';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NATIVE_APP_CLIENT_ID } from '@app/contracts/connected-apps';
import { signInMessages, WEB_CLIENT_ID } from '@app/contracts/sign-in';
import { cards, credentials } from '../../db/schema/core.ts';
import { oneTimeCodes } from '../../db/schema/identity.ts';

const DEMO_CARD_NUMBER = demoCollector.cardNumber;
const DEMO_PASSWORD: string = demoCollector.password;
import { demoCollector } from '../../start-data/demo-collector.ts';
import { buildTestApp, jsWeb, type TestApp } from '../../test/build-test-app.ts';
import {
  allowConsent,
  finishSignIn,
  followRedirect,
  Jar,
  pkce,
  TRAVEL_PARTNER,
} from '../../test/oidc-browser.ts';

/** Drives the browser's part: authorization request, card and password step, back to /oauth_redirect. */
async function signIn(
  t: TestApp,
  jar: Jar,
  password = DEMO_PASSWORD,
  collectorId: string = DEMO_CARD_NUMBER,
) {
  const { app, config } = t;
  const { verifier, challenge } = pkce();
  const state = randomBytes(16).toString('base64url');
  const redirectUri = `${config.publicUrl}/oauth_redirect`;
  const auth = await app.inject({
    method: 'GET',
    url: `/oauth2/auth?${new URLSearchParams({
      client_id: WEB_CLIENT_ID,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid offline',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state,
      platform: 'web',
      action: 'login',
    })}`,
    headers: { cookie: jar.header() },
  });
  jar.store(auth.headers['set-cookie']);
  expect(auth.statusCode).toBe(303);
  const loginUrl = new URL(String(auth.headers.location), config.publicUrl);
  expect(loginUrl.pathname).toBe('/id/start/login');
  const uid = loginUrl.searchParams.get('uid') ?? '';
  const step = await app.inject({
    method: 'POST',
    url: '/recaptcha/collector/sessions',
    headers: { ...jsWeb, cookie: jar.header() },
    payload: { collectorId, password, interaction: uid },
  });
  return { step, uid, verifier, state, redirectUri };
}

describe('sign-in through the identity provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('signs the demo collector in: password step, code exchange with PKCE, session cookie, profile', async () => {
    const jar = new Jar();
    const { step, verifier, redirectUri } = await signIn(t, jar);
    expect(step.statusCode).toBe(200);
    const location = String(step.headers.location);
    expect(step.json()).toEqual({ location });
    const { session } = await finishSignIn(t, jar, location, verifier, redirectUri);
    expect(session.statusCode).toBe(200);
    expect(session.json().firstName).toBe('Alex');
    expect(jar.get('lc_session')).toBeTruthy();
    // The cookie the app reads to know a session cookie is set (the session cookie is HttpOnly).
    const present = ([] as string[])
      .concat(session.headers['set-cookie'] ?? [])
      .find((line) => line.startsWith(`${SESSION_PRESENT_COOKIE}=`));
    expect(present).toMatch(/^lc_signed_in=1; Max-Age=43200; Path=\/; SameSite=Lax$/);
    // A hotels session is due: the app fetches one at once (docs/product/signed-in-pages.md §S4).
    expect(session.headers['x-hotels-session']).toBe('due');
    const profile = await t.app.inject({
      method: 'GET',
      url: '/customer-management-api/customer/v2',
      headers: { cookie: jar.header() },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().firstName).toBe('Alex');

    // The app's access token at the provider: valid at its userinfo endpoint, reused while fresh.
    const access = await t.app.inject({
      method: 'GET',
      url: '/session-api/session/identity-access-token',
      headers: { cookie: jar.header() },
    });
    expect(access.statusCode).toBe(200);
    const { accessToken } = access.json();
    const userinfo = await t.app.inject({
      method: 'GET',
      url: '/oauth2/me',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(userinfo.statusCode).toBe(200);
    expect(userinfo.json().sub).toMatch(/^[0-9a-f-]{36}$/);
    const again = await t.app.inject({
      method: 'GET',
      url: '/session-api/session/identity-access-token',
      headers: { cookie: jar.header() },
    });
    expect(again.json().accessToken).toBe(accessToken);

    const logout = await t.app.inject({
      method: 'DELETE',
      url: '/session-api/session',
      headers: { channel: 'JS-WEB', cookie: jar.header() },
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.json().oidcToken).toMatch(/^ey/);
    jar.store(logout.headers['set-cookie']);
    expect(jar.get(SESSION_PRESENT_COOKIE)).toBeUndefined();
    const after = await t.app.inject({
      method: 'GET',
      url: '/customer-management-api/customer/v2',
      headers: { cookie: jar.header() },
    });
    expect(after.statusCode).toBe(401);
  });

  // The API reads the card number as the form does (one rule in contracts).
  it.each([['9826 3000 1234 5678 901'], ['98263000-1234-5678-901'], ['1234 5678 901']])(
    'takes the card number written as %j at the password step',
    async (written) => {
      const jar = new Jar();
      const { step, verifier, redirectUri } = await signIn(t, jar, DEMO_PASSWORD, written);
      expect(step.statusCode).toBe(200);
      const { session } = await finishSignIn(t, jar, String(step.headers.location), verifier, redirectUri);
      expect(session.json().firstName).toBe('Alex');
    },
  );

  it('refuses a code exchange with the wrong verifier, and a code used twice', async () => {
    const jar = new Jar();
    const { step, redirectUri } = await signIn(t, jar);
    const wrong = await finishSignIn(t, jar, String(step.headers.location), pkce().verifier, redirectUri);
    expect(wrong.session.statusCode).toBe(400);
    expect(wrong.session.json()).toEqual({
      code: 'SIGN_IN_FAILED',
      description: signInMessages.signInFailed,
    });

    const jar2 = new Jar();
    const second = await signIn(t, jar2);
    const ok = await finishSignIn(
      t,
      jar2,
      String(second.step.headers.location),
      second.verifier,
      second.redirectUri,
    );
    expect(ok.session.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/session-api/session/sessions/oauth',
      headers: jsWeb,
      payload: { code: ok.code, verificationCode: second.verifier, redirectUri: second.redirectUri },
    });
    expect(again.statusCode).toBe(400);
  });

  it('gives the same answer for an unknown card and a wrong password', async () => {
    const jar = new Jar();
    const { uid } = await signIn(t, jar, 'Wrong-password-1');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/recaptcha/collector/sessions',
      headers: { ...jsWeb, cookie: jar.header() },
      payload: { collectorId: '9826300099999999999', password: 'Wrong-password-1', interaction: uid },
    });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/recaptcha/collector/sessions',
      headers: { ...jsWeb, cookie: jar.header() },
      payload: { collectorId: DEMO_CARD_NUMBER, password: 'Wrong-password-2', interaction: uid },
    });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({
      code: 'INVALID_CREDENTIALS',
      description: signInMessages.invalidCredentials,
    });
    // Reset the demo account's counter for the next tests.
    await t.app.db.update(credentials).set({ failedAttempts: 0 });
  });

  it('shows the spec messages for an empty password and a bad card number', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: '/recaptcha/collector/sessions',
      headers: jsWeb,
      payload: { collectorId: DEMO_CARD_NUMBER, password: '' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().description).toContain('Enter your password');
    const badCard = await t.app.inject({
      method: 'POST',
      url: '/recaptcha/collector/sessions',
      headers: jsWeb,
      payload: { collectorId: '98263000abc', password: 'x' },
    });
    expect(badCard.statusCode).toBe(400);
    expect(badCard.json().description).toContain('Enter a valid card number');
  });

  it('refuses the password step without a live sign-in (interaction)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/recaptcha/collector/sessions',
      headers: jsWeb,
      payload: {
        collectorId: DEMO_CARD_NUMBER,
        password: DEMO_PASSWORD,
        interaction: 'not-a-real-interaction',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'SIGN_IN_EXPIRED', description: signInMessages.signInExpired });
  });

  it('finishes a sign-in only from the browser that holds it: another browser with its id continues nothing', async () => {
    const victim = new Jar();
    const { uid } = await signIn(t, victim, 'Wrong-password-v');
    await t.app.db.update(credentials).set({ failedAttempts: 0 });
    // Someone who learnt the id signs in from their own browser with their own (here the demo) password.
    const intruder = await t.app.inject({
      method: 'POST',
      url: '/recaptcha/collector/sessions',
      headers: jsWeb,
      payload: { collectorId: DEMO_CARD_NUMBER, password: DEMO_PASSWORD, interaction: uid },
    });
    expect(intruder.statusCode).toBe(400);
    expect(intruder.json()).toEqual({ code: 'SIGN_IN_EXPIRED', description: signInMessages.signInExpired });
    // Nothing was recorded on the interaction: the browser that holds it still signs in with its own password.
    const own = await t.app.inject({
      method: 'POST',
      url: '/recaptcha/collector/sessions',
      headers: { ...jsWeb, cookie: victim.header() },
      payload: { collectorId: DEMO_CARD_NUMBER, password: DEMO_PASSWORD, interaction: uid },
    });
    expect(own.statusCode).toBe(200);
  });

  it('locks the account after 5 wrong passwords, refuses even the right one, and points to reset', async () => {
    const jar = new Jar();
    const { uid } = await signIn(t, jar, 'Wrong-password-0');
    const attempt = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/recaptcha/collector/sessions',
        headers: { ...jsWeb, cookie: jar.header() },
        payload: { collectorId: DEMO_CARD_NUMBER, password, interaction: uid },
      });
    const answers = [];
    for (let i = 1; i <= 4; i += 1) answers.push(await attempt(`Wrong-password-${i}`));
    // signIn above made the first wrong attempt; these are the 2nd to 5th.
    expect(answers.slice(0, 3).map((a) => a.statusCode)).toEqual([401, 401, 401]);
    const fifth = answers[3];
    expect(fifth?.statusCode).toBe(403);
    expect(fifth?.json()).toEqual({ code: 'ACCOUNT_LOCKED', description: signInMessages.lockedOut(15) });
    expect(fifth?.json().description).toContain('reset your password');
    const right = await attempt(DEMO_PASSWORD);
    expect(right.statusCode).toBe(403);
    expect(right.json().code).toBe('ACCOUNT_LOCKED');
    const [row] = await t.app.db
      .select({
        collectorId: credentials.collectorId,
        lockouts: credentials.lockouts,
        lockedUntil: credentials.lockedUntil,
      })
      .from(credentials)
      .innerJoin(cards, eq(cards.collectorId, credentials.collectorId))
      .where(eq(cards.number, DEMO_CARD_NUMBER));
    expect(row?.lockouts).toBe(1);
    expect(row?.lockedUntil?.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    await t.app.db
      .update(credentials)
      .set({ lockedUntil: null, failedAttempts: 0 })
      .where(eq(credentials.collectorId, row?.collectorId ?? ''));
  });

  it('signs in by email, password and emailed digits (session/request, session/digits)', async () => {
    const jar = new Jar();
    const { uid } = await signIn(t, jar, 'Wrong-password-x');
    await t.app.db.update(credentials).set({ failedAttempts: 0 });
    const asked = await t.app.inject({
      method: 'POST',
      url: '/session-api/session/request',
      headers: jsWeb,
      payload: { email: demoCollector.email },
    });
    expect(asked.statusCode).toBe(200);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/session-api/session/request',
      headers: jsWeb,
      payload: { email: 'nobody@example.com' },
    });
    expect(unknown.json().description).toBe(asked.json().description);
    // The email rule of docs/product/registration-and-sign-in.md §R5, with its messages, before anything is
    // looked up or sent.
    for (const [email, description] of [
      ['', 'Please enter your email address'],
      ['notanemail', 'Please enter valid email'],
    ]) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/session-api/session/request',
        headers: jsWeb,
        payload: { email },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ code: 'VALIDATION', description });
    }
    const outbox = (await t.app.inject({ method: 'GET', url: '/dev/outbox' })).json<{ text: string }[]>();
    const code = /\b(\d{6})\b/.exec(outbox[0]?.text ?? '')?.[1] ?? '';
    const digits = (value: string) =>
      t.app.inject({
        method: 'POST',
        url: '/session-api/session/digits',
        headers: { ...jsWeb, cookie: jar.header() },
        payload: {
          email: demoCollector.email,
          password: DEMO_PASSWORD,
          digits: value,
          token: asked.json().token,
          interaction: uid,
        },
      });
    const wrong = await digits(code === '000000' ? '111111' : '000000');
    expect(wrong.json().code).toBe('CODE_INCORRECT');
    const right = await digits(code);
    expect(right.statusCode).toBe(200);
    expect(right.json().location).toBe(right.headers.location);
  });

  it('remembers the card number in a signed cookie when asked', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/nectar-session-api/remember' });
    expect(none.json()).toEqual({ cardNumber: null });
    const jar = new Jar();
    const { uid } = await signIn(t, jar, DEMO_PASSWORD);
    const step = await t.app.inject({
      method: 'POST',
      url: '/recaptcha/collector/sessions',
      headers: { ...jsWeb, cookie: jar.header() },
      payload: { collectorId: DEMO_CARD_NUMBER, password: DEMO_PASSWORD, interaction: uid, rememberMe: true },
    });
    expect(step.statusCode).toBe(200);
    jar.store(step.headers['set-cookie']);
    const remembered = await t.app.inject({
      method: 'GET',
      url: '/nectar-session-api/remember',
      headers: { cookie: jar.header() },
    });
    expect(remembered.json()).toEqual({ cardNumber: DEMO_CARD_NUMBER });
    const forged = await t.app.inject({
      method: 'GET',
      url: '/nectar-session-api/remember',
      headers: { cookie: `lc_remember=${DEMO_CARD_NUMBER}.forged` },
    });
    expect(forged.json()).toEqual({ cardNumber: null });
  });
});

/** A partner of OIDC_CLIENTS_FILE (confidential, asks for consent the first time). */
const PARTNER = TRAVEL_PARTNER;

describe('device 2FA (DEVICE_2FA on)', () => {
  let t: TestApp;
  beforeAll(async () => {
    const clientsFile = path.join(mkdtempSync(path.join(tmpdir(), 'lc-device-2fa-')), 'clients.json');
    writeFileSync(clientsFile, JSON.stringify({ clients: [PARTNER] }));
    t = await buildTestApp({ DEVICE_2FA: 'true', OIDC_CLIENTS_FILE: clientsFile });
  });
  afterAll(async () => t.close());

  const latestCode = async () => {
    const outbox = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    const [message] = outbox.json<{ to: string; text: string }[]>();
    expect(message?.to).toBe(demoCollector.email);
    return /\b(\d{6})\b/.exec(message?.text ?? '')?.[1] ?? '';
  };
  const validate = (jar: Jar, encryptedSessionJwt: string, twoFaCode: string) =>
    t.app.inject({
      method: 'POST',
      url: '/session-api/session/sessions/oauth/2fa-validate',
      headers: { ...jsWeb, cookie: jar.header() },
      payload: { twoFaCode, encryptedSessionJwt },
    });
  const NATIVE_APP = { clientId: NATIVE_APP_CLIENT_ID, redirectUri: 'http://127.0.0.1:49731/callback' };
  const TRAVEL = { clientId: PARTNER.client_id, redirectUri: PARTNER.redirect_uris[0] ?? '' };
  /** Each client's latest PKCE verifier, for the exchange of the code it gets back. */
  const verifiers = new Map<string, string>();
  /** An authorization request of a client (PKCE): where the provider sends the browser. */
  const authorizeClient = async (
    jar: Jar,
    { clientId, redirectUri }: { clientId: string; redirectUri: string },
    extra: Record<string, string> = {},
  ) => {
    const { verifier, challenge } = pkce();
    const auth = await t.app.inject({
      method: 'GET',
      url: `/oauth2/auth?${new URLSearchParams({
        client_id: clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'openid offline profile',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state: 'client-state',
        ...extra,
      })}`,
      headers: { cookie: jar.header() },
    });
    jar.store(auth.headers['set-cookie']);
    expect(auth.statusCode).toBe(303);
    verifiers.set(clientId, verifier);
    return new URL(String(auth.headers.location), t.config.publicUrl);
  };
  /** An authorization request of the native app (public client, PKCE, loopback redirect). */
  const authorizeNativeApp = (jar: Jar) => authorizeClient(jar, NATIVE_APP);
  /**
   * What the client does with the code it got back: exchanges it at the token endpoint (the partner with its
   * secret, the native app with none) and reads the member at /oauth2/me.
   */
  const tokensAndMe = async (
    { clientId, redirectUri }: { clientId: string; redirectUri: string },
    callback: URL,
  ) => {
    const code = callback.searchParams.get('code') ?? '';
    const secret = clientId === PARTNER.client_id ? PARTNER.client_secret : undefined;
    const token = await t.app.inject({
      method: 'POST',
      url: '/oauth2/token',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(secret
          ? { authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}` }
          : {}),
      },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        code_verifier: verifiers.get(clientId) ?? '',
        ...(secret ? {} : { client_id: clientId }),
      }).toString(),
    });
    expect(token.statusCode).toBe(200);
    const tokens = token.json<{ access_token: string; refresh_token?: string }>();
    const me = await t.app.inject({
      method: 'GET',
      url: '/oauth2/me',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    return { tokens, me };
  };
  const passwordStepFor = async (jar: Jar, login: URL) => {
    expect(login.pathname).toBe('/id/start/login');
    return t.app.inject({
      method: 'POST',
      url: '/recaptcha/collector/sessions',
      headers: { ...jsWeb, cookie: jar.header() },
      payload: {
        collectorId: DEMO_CARD_NUMBER,
        password: DEMO_PASSWORD,
        interaction: login.searchParams.get('uid'),
      },
    });
  };
  const follow = (jar: Jar, location: string) => followRedirect(t, jar, location);

  it('asks a new device for a code at the password step (error 141), refuses wrong, reused and expired codes, then trusts the device', async () => {
    const jar = new Jar();
    const { step: challenge, verifier, redirectUri } = await signIn(t, jar);
    expect(challenge.statusCode).toBe(403);
    const body = challenge.json();
    expect(body).toMatchObject({
      code: '141',
      deliveryMethod: 'email',
      maskedDestination: 'd***@example.com',
    });
    expect(body.description).toBe("We've sent a 6-digit code to d***@example.com. It lasts 10 minutes.");
    expect(challenge.headers.location).toBeUndefined();
    const code = await latestCode();
    expect(code).toMatch(/^\d{6}$/);

    const check = await t.app.inject({
      method: 'POST',
      url: '/session-api/session/sessions/oauth/2fa-check',
      headers: jsWeb,
      payload: { encryptedSessionJwt: body.encryptedSessionJwt },
    });
    expect(check.json()).toEqual({ deliveryMethod: 'email', maskedDestination: 'd***@example.com' });

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await validate(jar, body.encryptedSessionJwt, wrongCode);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      code: 'CODE_INCORRECT',
      description: "That code isn't right. Check it and try again.",
    });

    // The right code from another browser (without the provider's interaction cookie) continues nothing.
    const elsewhere = await validate(new Jar(), body.encryptedSessionJwt, code);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().code).toBe('SIGN_IN_EXPIRED');

    const right = await validate(jar, body.encryptedSessionJwt, code);
    expect(right.statusCode).toBe(200);
    const { location } = right.json<{ location: string }>();
    expect(location).toContain('/oauth2/auth/');
    jar.store(right.headers['set-cookie']);
    expect(jar.get('lc_device')).toBeTruthy();
    const { session } = await finishSignIn(t, jar, location, verifier, redirectUri);
    expect(session.statusCode).toBe(200);
    expect(session.json().firstName).toBe('Alex');
    expect(jar.get('lc_session')).toBeTruthy();

    // The code page opened again once the sign-in finished, or with a made-up handle.
    for (const encryptedSessionJwt of [body.encryptedSessionJwt, 'made-up-handle-0123456789', 'x']) {
      const reopened = await t.app.inject({
        method: 'POST',
        url: '/session-api/session/sessions/oauth/2fa-check',
        headers: jsWeb,
        payload: { encryptedSessionJwt },
      });
      expect(reopened.statusCode).toBe(400);
      expect(reopened.json().description).toBe(
        'This link has expired or has already been used. Log in again to get a new code.',
      );
    }

    const reused = await validate(jar, body.encryptedSessionJwt, code);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('CODE_EXPIRED');

    // The same browser signs in again without a code.
    const again = await signIn(t, jar.keepOnly('lc_device'));
    expect(again.step.statusCode).toBe(200);

    // Another browser gets a code; once its 10 minutes are over it is refused.
    const other = new Jar();
    const second = (await signIn(t, other)).step.json();
    const secondCode = await latestCode();
    await t.app.db.update(oneTimeCodes).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await validate(other, second.encryptedSessionJwt, secondCode);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({
      code: 'CODE_EXPIRED',
      description: 'That code has expired. Ask for a new one.',
    });
  });

  it('asks the native app on a new device for the code too, before the provider issues any code or token', async () => {
    const jar = new Jar();
    const login = await authorizeNativeApp(jar);
    const step = await passwordStepFor(jar, login);
    expect(step.statusCode).toBe(403);
    expect(step.json().code).toBe('141');
    // The interaction is not finished: resuming it without the code asks for the login again; no code for the app.
    const again = await follow(jar, `/oauth2/auth/${login.searchParams.get('uid')}`);
    expect(again.pathname).toBe('/id/start/login');
    expect(again.searchParams.get('code')).toBeNull();
    const challenge = await passwordStepFor(jar, again);
    expect(challenge.statusCode).toBe(403);
    const right = await validate(jar, challenge.json().encryptedSessionJwt, await latestCode());
    expect(right.statusCode).toBe(200);
    jar.store(right.headers['set-cookie']);
    const callback = await follow(jar, right.json<{ location: string }>().location);
    expect(`${callback.origin}${callback.pathname}`).toBe('http://127.0.0.1:49731/callback');
    expect(callback.searchParams.get('code')).toBeTruthy();
    // Only now does the app get its tokens and the member's details.
    const { tokens, me } = await tokensAndMe(NATIVE_APP, callback);
    expect(tokens.refresh_token).toBeTruthy();
    expect(me.statusCode).toBe(200);
    expect(me.json().given_name).toBe('Alex');

    // The same browser is known to the app from now on: the next password step needs no code.
    const later = new Jar();
    later.store(`lc_device=${jar.get('lc_device')}`);
    expect((await passwordStepFor(later, await authorizeNativeApp(later))).statusCode).toBe(200);

    // Known devices are per client: the provider session from the app does not let the website in without
    // the password and a code of its own.
    const web = await signIn(t, jar);
    expect(web.step.statusCode).toBe(403);
    expect(web.step.json().code).toBe('141');
  });

  it('asks a partner for a code of its own on a browser the website knows, before its consent page', async () => {
    // The member is signed in on the website on this browser, with the code: the website knows the browser.
    const jar = new Jar();
    const { step, verifier, redirectUri } = await signIn(t, jar);
    expect(step.statusCode).toBe(403);
    const passed = await validate(jar, step.json().encryptedSessionJwt, await latestCode());
    expect(passed.statusCode).toBe(200);
    jar.store(passed.headers['set-cookie']);
    const { location } = passed.json<{ location: string }>();
    expect((await finishSignIn(t, jar, location, verifier, redirectUri)).session.statusCode).toBe(200);

    // A silent sign-in of the partner on the provider session is refused: the partner does not know the browser.
    const silent = await authorizeClient(jar, TRAVEL, { prompt: 'none' });
    expect(silent.origin).toBe('https://travel.example');
    expect(silent.searchParams.get('error')).toBe('login_required');
    expect(silent.searchParams.get('code')).toBeNull();

    // The partner's sign-in asks for the password again (not the consent page, no code for the partner) ...
    const login = await authorizeClient(jar, TRAVEL);
    expect(login.pathname).toBe('/id/start/login');
    const challenge = await passwordStepFor(jar, login);
    expect(challenge.statusCode).toBe(403);
    expect(challenge.json()).toMatchObject({
      code: '141',
      description: "We've sent a 6-digit code to d***@example.com. It lasts 10 minutes.",
    });
    expect(challenge.headers.location).toBeUndefined();
    // ... and the interaction waits for the code: resuming it asks for the login again.
    const resumed = await follow(jar, `/oauth2/auth/${login.searchParams.get('uid')}`);
    expect(resumed.pathname).toBe('/id/start/login');

    // With the code, the login goes on to the partner's consent page, then back to the partner with a code.
    const second = await passwordStepFor(jar, resumed);
    expect(second.statusCode).toBe(403);
    const right = await validate(jar, second.json().encryptedSessionJwt, await latestCode());
    expect(right.statusCode).toBe(200);
    jar.store(right.headers['set-cookie']);
    const consent = await follow(jar, right.json<{ location: string }>().location);
    expect(consent.pathname).toBe('/id/start/consent');
    const allowed = await allowConsent(t, jar, consent);
    const callback = await follow(jar, allowed.json<{ location: string }>().location);
    expect(`${callback.origin}${callback.pathname}`).toBe(TRAVEL.redirectUri);
    const { tokens, me } = await tokensAndMe(TRAVEL, callback);
    expect(tokens.refresh_token).toBeTruthy();
    expect(me.statusCode).toBe(200);

    // Known to the partner now: its next sign-in on this browser goes straight back with a code.
    const next = await authorizeClient(jar, TRAVEL);
    expect(next.origin).toBe('https://travel.example');
    expect(next.searchParams.get('code')).toBeTruthy();
  });
});
