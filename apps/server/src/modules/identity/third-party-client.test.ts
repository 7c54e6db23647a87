// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCollector } from '../../start-data/demo-collector.ts';
import { oidcModels } from '../../db/schema/identity.ts';
import { buildTestApp, jsWeb, type TestApp } from '../../test/build-test-app.ts';
import { allowConsent } from '../../test/oidc-browser.ts';
import { inProcessFetch } from './relying-party.ts';

const PARTNER = {
  client_id: 'partner-app',
  client_secret: 'partner-secret-of-at-least-32-characters',
  redirect_uris: ['https://partner.example/callback'],
  post_logout_redirect_uris: ['https://partner.example/logged-out'],
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  token_endpoint_auth_method: 'client_secret_basic',
};

/** Cookies the browser would keep between the provider's redirects. */
class Jar {
  private cookies = new Map<string, string>();
  store(setCookie: string | string[] | undefined) {
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const pair = line.split(';')[0] ?? '';
      const index = pair.indexOf('=');
      if (index > 0) this.cookies.set(pair.slice(0, index), pair.slice(index + 1));
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * A partner app drives the provider exactly as any OpenID Connect client would, with openid-client:
 * discovery, authorization with PKCE, the member's sign-in, code exchange, userinfo, refresh-token rotation
 * and end-session. The partner is registered by the operator as a row of the provider's store.
 */
describe('the identity provider for a third-party client', () => {
  let t: TestApp;
  let config: client.Configuration;
  const jar = new Jar();

  const browserGet = async (url: string) => {
    const target = new URL(url);
    const response = await t.app.inject({
      method: 'GET',
      url: `${target.pathname}${target.search}`,
      headers: { cookie: jar.header() },
    });
    jar.store(response.headers['set-cookie']);
    return response;
  };

  /** The member's part: the provider's login pages, card number and password. */
  const signInAt = async (authorizationUrl: URL) => {
    const auth = await browserGet(authorizationUrl.href);
    expect(auth.statusCode).toBe(303);
    const login = new URL(String(auth.headers.location), t.config.publicUrl);
    expect(login.pathname).toBe('/id/start/login');
    const step = await t.app.inject({
      method: 'POST',
      url: '/recaptcha/collector/sessions',
      headers: { ...jsWeb, cookie: jar.header() },
      payload: {
        collectorId: demoCollector.cardNumber,
        password: demoCollector.password,
        interaction: login.searchParams.get('uid'),
      },
    });
    expect(step.statusCode).toBe(200);
    const resume = await browserGet(new URL(String(step.headers.location), t.config.publicUrl).href);
    expect(resume.statusCode).toBe(303);
    // A partner asks the member's consent the first time: the consent page allows it.
    const consent = new URL(String(resume.headers.location), t.config.publicUrl);
    expect(consent.pathname).toBe('/id/start/consent');
    const allowed = await allowConsent(t, jar, consent);
    const back = await browserGet(new URL(String(allowed.headers.location), t.config.publicUrl).href);
    expect(back.statusCode).toBe(303);
    return new URL(String(back.headers.location));
  };

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.db.insert(oidcModels).values({ model: 'Client', id: PARTNER.client_id, payload: PARTNER });
    config = await client.discovery(
      new URL(`${t.config.publicUrl}/oauth2`),
      PARTNER.client_id,
      undefined,
      client.ClientSecretBasic(PARTNER.client_secret),
      {
        [client.customFetch]: inProcessFetch(t.app, t.config.publicUrl),
        execute: [client.allowInsecureRequests],
      },
    );
  });
  afterAll(async () => t.close());

  it('publishes discovery with the spec endpoints and S256 only', () => {
    const metadata = config.serverMetadata();
    expect(metadata.issuer).toBe(`${t.config.publicUrl}/oauth2`);
    expect(metadata.authorization_endpoint).toBe(`${t.config.publicUrl}/oauth2/auth`);
    expect(metadata.end_session_endpoint).toBe(`${t.config.publicUrl}/oauth2/sessions/logout`);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
  });

  it('refuses an authorization request without PKCE', async () => {
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: PARTNER.redirect_uris[0] ?? '',
      scope: 'openid',
      state: client.randomState(),
    });
    const response = await browserGet(url.href);
    const back = new URL(String(response.headers.location));
    expect(back.origin).toBe('https://partner.example');
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('error_description')).toMatch(/PKCE/);
  });

  it('signs in with PKCE, exchanges the code, reads userinfo, rotates refresh tokens, and ends the session', async () => {
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const authorizationUrl = client.buildAuthorizationUrl(config, {
      redirect_uri: PARTNER.redirect_uris[0] ?? '',
      scope: 'openid offline profile',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
    });
    const callback = await signInAt(authorizationUrl);
    expect(callback.origin + callback.pathname).toBe(PARTNER.redirect_uris[0]);

    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens.refresh_token).toBeTruthy();
    const sub = tokens.claims()?.sub ?? '';
    expect(sub).toMatch(/^[0-9a-f-]{36}$/);

    const userinfo = await client.fetchUserInfo(config, tokens.access_token, sub);
    expect(userinfo).toMatchObject({ sub, given_name: 'Alex', family_name: 'Morgan' });

    // Rotation: each refresh gives a new refresh token; the spent one is refused.
    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token ?? '');
    expect(refreshed.refresh_token).toBeTruthy();
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    await expect(client.refreshTokenGrant(config, tokens.refresh_token ?? '')).rejects.toMatchObject({
      error: 'invalid_grant',
    });

    // End-session with the id token hint: the confirmation form posts back with logout=yes.
    const endSession = client.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token ?? '',
      post_logout_redirect_uri: PARTNER.post_logout_redirect_uris[0] ?? '',
      state: 'bye',
    });
    const confirm = await browserGet(endSession.href);
    expect(confirm.statusCode).toBe(200);
    const action = /action="([^"]+)"/.exec(confirm.body)?.[1] ?? '';
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirm.body)?.[1] ?? '';
    expect(confirm.body).toContain('name="logout" value="yes"');
    const done = await t.app.inject({
      method: 'POST',
      url: new URL(action, t.config.publicUrl).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() },
      payload: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    jar.store(done.headers['set-cookie']);
    expect(done.statusCode).toBe(303);
    expect(String(done.headers.location)).toBe(`${PARTNER.post_logout_redirect_uris[0]}?state=bye`);

    // The provider session is gone: a new authorization request asks the member to sign in again.
    const again = await browserGet(authorizationUrl.href);
    expect(new URL(String(again.headers.location), t.config.publicUrl).pathname).toBe('/id/start/login');
  });
});
