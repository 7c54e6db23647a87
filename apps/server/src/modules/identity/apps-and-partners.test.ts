// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NATIVE_APP_CLIENT_ID } from '@app/contracts/connected-apps';
import { demoCollector } from '../../start-data/demo-collector.ts';
import { readConfig } from '../../env.ts';
import { buildTestApp, jsWeb, type TestApp } from '../../test/build-test-app.ts';
import { Jar, signInFully, TRAVEL_PARTNER } from '../../test/oidc-browser.ts';
import { ClientsFileError, loadPartnerClients } from './clients.ts';
import { inProcessFetch } from './relying-party.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'lc-oidc-clients-'));
const writeClients = (name: string, content: unknown) => {
  const file = path.join(folder, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
};

const BASIC = TRAVEL_PARTNER;
const KEY_JWT = {
  client_id: 'energy-partner',
  client_name: 'Example Energy',
  redirect_uris: ['https://energy.example/cb'],
  scopes: ['openid', 'email'],
  token_endpoint_auth_method: 'private_key_jwt',
};

/**
 * The provider's other clients (ADR 017). The native app `nectar-app` (public, PKCE, loopback redirect on any
 * port, rotating refresh tokens whose reuse revokes the grant), partners declared in OIDC_CLIENTS_FILE with
 * consent the first time, connected apps the member can disconnect, and introspection and revocation in
 * discovery. Every client is openid-client, the certified library a third party would use.
 */
describe('the identity provider for apps and partners', () => {
  let t: TestApp;
  let keys: CryptoKeyPair;
  const jar = new Jar();
  const options = () => ({
    [client.customFetch]: inProcessFetch(t.app, t.config.publicUrl),
    execute: [client.allowInsecureRequests],
  });
  const issuer = () => new URL(`${t.config.publicUrl}/oauth2`);

  const browserGet = async (url: string, cookies: Jar = jar) => {
    const target = new URL(url, t.config.publicUrl);
    const response = await t.app.inject({
      method: 'GET',
      url: `${target.pathname}${target.search}`,
      headers: { cookie: cookies.header() },
    });
    cookies.store(response.headers['set-cookie']);
    return response;
  };

  /** An authorization request with PKCE; answers the verifier, the state and where the provider sends the browser. */
  const authorize = async (
    config: client.Configuration,
    redirectUri: string,
    scope: string,
    cookies = jar,
  ) => {
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
    });
    const response = await browserGet(url.href, cookies);
    return {
      verifier,
      state,
      response,
      next: new URL(String(response.headers.location), t.config.publicUrl),
    };
  };

  const passwordStep = async (login: URL, cookies: Jar) => {
    expect(login.pathname).toBe('/id/start/login');
    const step = await t.app.inject({
      method: 'POST',
      url: '/recaptcha/collector/sessions',
      headers: { ...jsWeb, cookie: cookies.header() },
      payload: {
        collectorId: demoCollector.cardNumber,
        password: demoCollector.password,
        interaction: login.searchParams.get('uid'),
      },
    });
    expect(step.statusCode).toBe(200);
    const resume = await browserGet(String(step.headers.location), cookies);
    expect(resume.statusCode).toBe(303);
    return new URL(String(resume.headers.location), t.config.publicUrl);
  };

  const decide = async (consent: URL, allow: boolean) => {
    expect(consent.pathname).toBe('/id/start/consent');
    const answer = await t.app.inject({
      method: 'POST',
      url: `/identity-api/consent/${consent.searchParams.get('uid')}`,
      headers: { ...jsWeb, cookie: jar.header() },
      payload: { allow },
    });
    expect(answer.statusCode).toBe(200);
    const back = await browserGet(String(answer.headers.location));
    expect(back.statusCode).toBe(303);
    return new URL(String(back.headers.location));
  };

  beforeAll(async () => {
    keys = await crypto.subtle.generateKey(
      {
        name: 'RSASSA-PKCS1-v1_5',
        modulusLength: 2048,
        publicExponent: new Uint8Array([1, 0, 1]),
        hash: 'SHA-256',
      },
      true,
      ['sign', 'verify'],
    );
    const jwk = await crypto.subtle.exportKey('jwk', keys.publicKey);
    const file = writeClients('clients.json', {
      clients: [
        BASIC,
        { ...KEY_JWT, jwks: { keys: [{ kty: jwk.kty, n: jwk.n, e: jwk.e, alg: 'RS256', use: 'sig' }] } },
      ],
    });
    t = await buildTestApp({ OIDC_CLIENTS_FILE: file });
    // The member is signed in on the website: the provider session is there, and so is the web session.
    expect((await signInFully(t, jar)).statusCode).toBe(200);
  });
  afterAll(async () => t.close());

  it('lists the introspection and revocation endpoints and the client authentication methods in discovery', async () => {
    const config = await client.discovery(
      issuer(),
      NATIVE_APP_CLIENT_ID,
      undefined,
      client.None(),
      options(),
    );
    const metadata = config.serverMetadata();
    expect(metadata.introspection_endpoint).toBe(`${t.config.publicUrl}/oauth2/token/introspection`);
    expect(metadata.revocation_endpoint).toBe(`${t.config.publicUrl}/oauth2/token/revocation`);
    expect(metadata.token_endpoint_auth_methods_supported).toEqual(
      expect.arrayContaining(['client_secret_basic', 'private_key_jwt', 'none']),
    );
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
  });

  it('runs the native app: loopback redirect on any port, userinfo, introspection, rotation, reuse revokes', async () => {
    const config = await client.discovery(
      issuer(),
      NATIVE_APP_CLIENT_ID,
      undefined,
      client.None(),
      options(),
    );
    const fresh = new Jar();
    // Any port of the loopback, as the app's own little server gets (RFC 8252 7.3); another path is refused.
    const refused = await authorize(config, 'http://127.0.0.1:5173/other', 'openid', fresh);
    expect(refused.response.statusCode).toBe(400);
    const redirectUri = 'http://127.0.0.1:49731/callback';
    const { verifier, state, next } = await authorize(
      config,
      redirectUri,
      'openid offline profile email',
      fresh,
    );
    const callback = await passwordStep(next, fresh);
    expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);

    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    const sub = tokens.claims()?.sub ?? '';
    const userinfo = await client.fetchUserInfo(config, tokens.access_token, sub);
    expect(userinfo).toMatchObject({ sub, name: 'Alex Morgan', given_name: 'Alex', family_name: 'Morgan' });
    expect(userinfo.email).toBeTruthy();

    const introspection = await client.tokenIntrospection(config, tokens.access_token);
    expect(introspection).toMatchObject({ active: true, client_id: NATIVE_APP_CLIENT_ID, sub });

    const first = tokens.refresh_token ?? '';
    const second = await client.refreshTokenGrant(config, first);
    expect(second.refresh_token).toBeTruthy();
    expect(second.refresh_token).not.toBe(first);
    // The spent refresh token is refused, and its reuse ends the whole grant: the new one stops working too.
    await expect(client.refreshTokenGrant(config, first)).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(client.refreshTokenGrant(config, second.refresh_token ?? '')).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    expect(await client.tokenIntrospection(config, second.access_token)).toMatchObject({ active: false });
  });

  it('asks on the consent page when the native app would sign in silently on an existing session', async () => {
    const config = await client.discovery(
      issuer(),
      NATIVE_APP_CLIENT_ID,
      undefined,
      client.None(),
      options(),
    );
    const { next } = await authorize(config, 'http://127.0.0.1:6000/callback', 'openid profile');
    expect(next.pathname).toBe('/id/start/consent');
    const details = await t.app.inject({ url: `/identity-api/consent/${next.searchParams.get('uid')}` });
    expect(details.json()).toMatchObject({ clientId: NATIVE_APP_CLIENT_ID, clientName: 'Nectar app' });
    const callback = await decide(next, true);
    expect(callback.searchParams.get('code')).toBeTruthy();
  });

  it('asks once for a partner of the clients file, lists it in connected apps, and disconnects it', async () => {
    const config = await client.discovery(
      issuer(),
      BASIC.client_id,
      undefined,
      client.ClientSecretBasic(BASIC.client_secret),
      options(),
    );
    const redirectUri = BASIC.redirect_uris[0] ?? '';

    // A scope the partner was not declared with is refused.
    const tooMuch = await authorize(config, redirectUri, 'openid email');
    expect(tooMuch.next.searchParams.get('error')).toBe('invalid_scope');

    // First time: the consent page says what the partner asks for; refusing answers access_denied.
    const first = await authorize(config, redirectUri, 'openid offline profile');
    expect(first.next.pathname).toBe('/id/start/consent');
    const details = await t.app.inject({
      url: `/identity-api/consent/${first.next.searchParams.get('uid')}`,
    });
    expect(details.statusCode).toBe(200);
    expect(details.json()).toEqual({
      clientId: BASIC.client_id,
      clientName: BASIC.client_name,
      scopes: [
        { scope: 'openid', description: 'Know it’s you when you log in' },
        { scope: 'offline', description: 'Stay connected when you’re not using it' },
        { scope: 'profile', description: 'See your name' },
      ],
    });
    const denied = await decide(first.next, false);
    expect(denied.searchParams.get('error')).toBe('access_denied');

    const second = await authorize(config, redirectUri, 'openid offline profile');
    // Only the browser sent to the consent page can answer it: without its interaction cookie (another
    // browser, or a script that learnt the id), the answer is refused and nothing is granted.
    for (const cookie of ['', `oidc_interaction=${second.next.searchParams.get('uid')}`]) {
      const forged = await t.app.inject({
        method: 'POST',
        url: `/identity-api/consent/${second.next.searchParams.get('uid')}`,
        headers: { ...jsWeb, ...(cookie ? { cookie } : {}) },
        payload: { allow: true },
      });
      expect(forged.statusCode).toBe(404);
      expect(forged.json().code).toBe('CONSENT_EXPIRED');
    }
    const callback = await decide(second.next, true);
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: second.verifier,
      expectedState: second.state,
    });
    expect(tokens.refresh_token).toBeTruthy();
    // The consent page is spent: a second answer is refused.
    const again = await t.app.inject({
      method: 'POST',
      url: `/identity-api/consent/${second.next.searchParams.get('uid')}`,
      headers: { ...jsWeb, cookie: jar.header() },
      payload: { allow: true },
    });
    expect(again.statusCode).toBe(404);

    // Next time the partner gets straight back: the member already allowed it.
    const third = await authorize(config, redirectUri, 'openid profile');
    expect(third.next.origin).toBe('https://travel.example');
    expect(third.next.searchParams.get('code')).toBeTruthy();

    const listed = await t.app.inject({
      url: '/identity-api/connected-apps',
      headers: { cookie: jar.header() },
    });
    expect(listed.statusCode).toBe(200);
    const apps = listed.json<{
      apps: { clientId: string; clientName: string; scopes: { scope: string }[] }[];
    }>().apps;
    expect(apps.map((item) => item.clientId)).toEqual(
      expect.arrayContaining([BASIC.client_id, NATIVE_APP_CLIENT_ID]),
    );
    expect(apps.map((item) => item.clientId)).not.toContain('nectar-web');
    expect(apps.find((item) => item.clientId === BASIC.client_id)?.scopes.map((s) => s.scope)).toEqual([
      'openid',
      'offline',
      'profile',
    ]);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/identity-api/connected-apps/${BASIC.client_id}`,
      headers: { channel: jsWeb.channel, cookie: jar.header() },
    });
    expect(removed.statusCode).toBe(204);
    await expect(client.refreshTokenGrant(config, tokens.refresh_token ?? '')).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    const after = await t.app.inject({
      url: '/identity-api/connected-apps',
      headers: { cookie: jar.header() },
    });
    expect(after.json<{ apps: { clientId: string }[] }>().apps.map((item) => item.clientId)).not.toContain(
      BASIC.client_id,
    );
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/identity-api/connected-apps/${BASIC.client_id}`,
      headers: { channel: jsWeb.channel, cookie: jar.header() },
    });
    expect(gone.statusCode).toBe(404);
    // Disconnected: the partner must ask again.
    const fourth = await authorize(config, redirectUri, 'openid profile');
    expect(fourth.next.pathname).toBe('/id/start/consent');
  });

  it('authenticates a private_key_jwt partner with its key and refuses a client without one', async () => {
    const config = await client.discovery(
      issuer(),
      KEY_JWT.client_id,
      undefined,
      client.PrivateKeyJwt(keys.privateKey),
      options(),
    );
    const redirectUri = KEY_JWT.redirect_uris[0] ?? '';
    const { verifier, state, next } = await authorize(config, redirectUri, 'openid email');
    const callback = await decide(next, true);
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens.access_token).toBeTruthy();
    expect(tokens.refresh_token).toBeUndefined();
    const revoked = await client.tokenRevocation(config, tokens.access_token);
    expect(revoked).toBeUndefined();
    expect(await client.tokenIntrospection(config, tokens.access_token)).toMatchObject({ active: false });

    const impostor = await client.discovery(issuer(), KEY_JWT.client_id, undefined, client.None(), options());
    await expect(client.tokenIntrospection(impostor, tokens.access_token)).rejects.toMatchObject({
      error: 'invalid_client',
    });
  });

  it('refuses a consent answer or the connected apps without what they need', async () => {
    const unknown = await t.app.inject({ url: '/identity-api/consent/not-a-real-interaction' });
    expect(unknown.statusCode).toBe(404);
    const signedOut = await t.app.inject({ url: '/identity-api/connected-apps' });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('OIDC_CLIENTS_FILE', () => {
  it('names the file, the client and the field of a mistake', () => {
    expect(() => readConfig({ OIDC_CLIENTS_FILE: path.join(folder, 'missing.json') })).toThrow(
      /OIDC_CLIENTS_FILE/,
    );
    expect(() => loadPartnerClients(writeClients('broken.json', '{"clients": ['))).toThrow(ClientsFileError);
    const bad = writeClients('bad.json', {
      clients: [{ ...BASIC, client_secret: 'short', redirect_uris: ['http://travel.example/cb'] }],
    });
    expect(() => loadPartnerClients(bad)).toThrow(/clients\.0\.redirect_uris\.0 must be https/);
    expect(() => loadPartnerClients(bad)).toThrow(/clients\.0\.client_secret must be at least 32 characters/);
    const own = writeClients('own.json', { clients: [{ ...BASIC, client_id: 'nectar-app' }] });
    expect(() => loadPartnerClients(own)).toThrow(/client_id is one of the scheme/);
    const noKey = writeClients('no-key.json', { clients: [KEY_JWT] });
    expect(() => loadPartnerClients(noKey)).toThrow(/exactly one of jwks or jwks_uri/);
    expect(loadPartnerClients(writeClients('ok.json', { clients: [BASIC] }))).toMatchObject([
      {
        client_id: BASIC.client_id,
        scope: 'openid offline profile',
        grant_types: ['authorization_code', 'refresh_token'],
      },
    ]);
  });
});
