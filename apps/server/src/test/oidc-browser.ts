import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { WEB_CLIENT_ID } from '@app/contracts/sign-in';
import { demoCollector } from '../start-data/demo-collector.ts';
import { jsWeb, type TestApp } from './build-test-app.ts';

/** A cookie jar for app.inject: keeps what the server sets, sends it back on the next call. */
export class Jar {
  private cookies = new Map<string, string>();
  store(setCookie: string | string[] | undefined) {
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair] = line.split(';');
      const index = pair?.indexOf('=') ?? -1;
      if (!pair || index < 0) continue;
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1);
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  get(name: string) {
    return this.cookies.get(name);
  }
  /** A new browser session on the same device: only the long-lived device cookie carries over. */
  keepOnly(name: string) {
    const jar = new Jar();
    const value = this.cookies.get(name);
    if (value) jar.cookies.set(name, value);
    return jar;
  }
}

/** A PKCE S256 pair: a random 32-byte verifier and its challenge. */
export const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
};

/** The web app's authorization request, as the browser sends it (with the provider's cookies in `jar`). */
export async function authorize(t: TestApp, jar: Jar) {
  const { verifier, challenge } = pkce();
  const redirectUri = `${t.config.publicUrl}/oauth_redirect`;
  const auth = await t.app.inject({
    method: 'GET',
    url: `/oauth2/auth?${new URLSearchParams({
      client_id: WEB_CLIENT_ID,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid offline',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: randomBytes(16).toString('base64url'),
    })}`,
    headers: { cookie: jar.header() },
  });
  jar.store(auth.headers['set-cookie']);
  return { auth, verifier, redirectUri };
}

/**
 * Authorization request, card and password step: answers the interaction uid and the step's response.
 * `headers` go with the step (a solved bot-check's `x-recaptcha`, when the app checks one).
 */
export async function passwordStep(
  t: TestApp,
  jar: Jar,
  password: string = demoCollector.password,
  headers: Record<string, string> = {},
) {
  const { auth, verifier, redirectUri } = await authorize(t, jar);
  expect(auth.statusCode).toBe(303);
  const uid = new URL(String(auth.headers.location), t.config.publicUrl).searchParams.get('uid') ?? '';
  const step = await t.app.inject({
    method: 'POST',
    url: '/recaptcha/collector/sessions',
    headers: { ...jsWeb, cookie: jar.header(), ...headers },
    payload: { collectorId: demoCollector.cardNumber, password, interaction: uid },
  });
  return { step, uid, verifier, redirectUri };
}

/** Password step, then follows the provider back to /oauth_redirect: the authorization code, not yet used. */
export async function authorizationCode(t: TestApp, jar: Jar, headers: Record<string, string> = {}) {
  const { step, verifier, redirectUri } = await passwordStep(t, jar, demoCollector.password, headers);
  expect(step.statusCode).toBe(200);
  jar.store(step.headers['set-cookie']);
  const resume = await t.app.inject({
    method: 'GET',
    url: String(step.headers.location).replace(t.config.publicUrl, ''),
    headers: { cookie: jar.header() },
  });
  jar.store(resume.headers['set-cookie']);
  const code = new URL(String(resume.headers.location)).searchParams.get('code') ?? '';
  return { code, verifier, redirectUri };
}

/** The website's exchange at /oauth_redirect: the code and its PKCE verifier for a web session. */
export async function exchangeCode(
  t: TestApp,
  jar: Jar,
  code: string,
  verifier: string,
  redirectUri: string,
) {
  const session = await t.app.inject({
    method: 'POST',
    url: '/session-api/session/sessions/oauth',
    headers: { ...jsWeb, cookie: jar.header() },
    payload: { code, verificationCode: verifier, redirectUri },
  });
  jar.store(session.headers['set-cookie']);
  return session;
}

/** Follows the provider back to /oauth_redirect and exchanges the code: the whole sign-in of a browser. */
export async function signInFully(t: TestApp, jar: Jar) {
  const { code, verifier, redirectUri } = await authorizationCode(t, jar);
  return exchangeCode(t, jar, code, verifier, redirectUri);
}

/** Opens `location` in the browser of `jar`, which must be sent on (303): answers where it is sent. */
export async function followRedirect(t: TestApp, jar: Jar, location: string) {
  const next = await t.app.inject({
    method: 'GET',
    url: location.replace(t.config.publicUrl, ''),
    headers: { cookie: jar.header() },
  });
  jar.store(next.headers['set-cookie']);
  expect(next.statusCode).toBe(303);
  return new URL(String(next.headers.location), t.config.publicUrl);
}

/**
 * After a finished login step (its `location`): resumes the provider's interaction, which sends the browser back
 * to /oauth_redirect with a code, and exchanges the code for the website's session.
 */
export async function finishSignIn(
  t: TestApp,
  jar: Jar,
  location: string,
  verifier: string,
  redirectUri: string,
) {
  const back = await followRedirect(t, jar, location);
  expect(back.pathname).toBe('/oauth_redirect');
  const code = back.searchParams.get('code') ?? '';
  return { session: await exchangeCode(t, jar, code, verifier, redirectUri), code };
}

/** A partner of OIDC_CLIENTS_FILE as the tests configure it: confidential, asks for consent the first time. */
export const TRAVEL_PARTNER = {
  client_id: 'travel-partner',
  client_name: 'Example Travel',
  redirect_uris: ['https://travel.example/callback'],
  scopes: ['openid', 'offline', 'profile'],
  token_endpoint_auth_method: 'client_secret_basic',
  client_secret: 'travel-partner-secret-of-at-least-32-chars',
};

/** The member allows a partner on the consent page at `consent`: answers the provider's reply (200). */
export async function allowConsent(t: TestApp, jar: Pick<Jar, 'header'>, consent: URL) {
  const allowed = await t.app.inject({
    method: 'POST',
    url: `/identity-api/consent/${consent.searchParams.get('uid')}`,
    headers: { ...jsWeb, cookie: jar.header() },
    payload: { allow: true },
  });
  expect(allowed.statusCode).toBe(200);
  return allowed;
}
