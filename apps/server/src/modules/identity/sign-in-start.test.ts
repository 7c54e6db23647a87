// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_CLIENT_ID, readPendingSignInValue } from '@app/contracts/sign-in-paths';
import { demoCollector } from '../../start-data/demo-collector.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { buildTestApp, jsWeb, type TestApp } from '../../test/build-test-app.ts';
import { Jar } from '../../test/oidc-browser.ts';

/** A browser's top-level visit to the address the provider returns to (the test app's PUBLIC_URL). */
const visit = (t: TestApp, headers: Record<string, string> = {}) => ({
  host: new URL(t.config.publicUrl).host,
  'sec-fetch-dest': 'document',
  ...headers,
});

const pendingCookie = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []].flat().find((line) => /^(__Host-)?lc_sign_in_/.test(line));

describe("a card-number page's first load, started by the server (ADR 023)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('sends the visitor straight to the provider with PKCE, and the sign-in finishes with the kept verifier', async () => {
    const jar = new Jar();
    const start = await t.app.inject({ url: '/id/start/login?next=%2Faccount%2Fcomms', headers: visit(t) });
    expect(start.statusCode).toBe(303);
    expect(start.headers['cache-control']).toBe('no-store');
    const auth = new URL(String(start.headers.location));
    expect(auth.origin + auth.pathname).toBe(`${t.config.publicUrl}/oauth2/auth`);
    const params = Object.fromEntries(auth.searchParams);
    expect(params).toMatchObject({
      audience: t.config.publicUrl,
      mission: 'login',
      client_id: WEB_CLIENT_ID,
      redirect_uri: `${t.config.publicUrl}/oauth_redirect`,
      response_type: 'code',
      scope: 'openid offline',
      code_challenge_method: 'S256',
      platform: 'web',
      action: 'login',
    });

    // The verifier and next wait in a cookie named after the state, which the page's script can read.
    const cookie = pendingCookie(start.headers['set-cookie']) ?? '';
    expect(cookie.startsWith(`lc_sign_in_${params.state}=`)).toBe(true);
    expect(cookie).toMatch(/; Max-Age=3600; Path=\/; SameSite=Lax$/);
    expect(cookie).not.toMatch(/HttpOnly/i);
    const pending = readPendingSignInValue(cookie.split(';')[0]?.split('=').slice(1).join('='));
    expect(pending?.next).toBe('/account/comms');
    const verifier = pending?.verifier ?? '';
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(params.code_challenge);

    // The provider takes the request and returns to the card-number page with its interaction.
    const authorize = await t.app.inject({ url: auth.pathname + auth.search, headers: visit(t) });
    jar.store(authorize.headers['set-cookie']);
    expect(authorize.statusCode).toBe(303);
    const login = new URL(String(authorize.headers.location), t.config.publicUrl);
    expect(login.pathname).toBe('/id/start/login');
    const uid = login.searchParams.get('uid') ?? '';
    const page = await t.app.inject({ url: login.pathname + login.search, headers: visit(t) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');

    const step = await t.app.inject({
      method: 'POST',
      url: '/recaptcha/collector/sessions',
      headers: { ...jsWeb, cookie: jar.header() },
      payload: { collectorId: demoCollector.cardNumber, password: demoCollector.password, interaction: uid },
    });
    expect(step.statusCode).toBe(200);
    const resume = await t.app.inject({
      url: String(step.json<{ location: string }>().location).replace(t.config.publicUrl, ''),
      headers: { cookie: jar.header() },
    });
    const back = new URL(String(resume.headers.location));
    expect(back.pathname).toBe('/oauth_redirect');
    expect(back.searchParams.get('state')).toBe(params.state);
    const session = await t.app.inject({
      method: 'POST',
      url: '/session-api/session/sessions/oauth',
      headers: jsWeb,
      payload: {
        code: back.searchParams.get('code'),
        verificationCode: verifier,
        redirectUri: `${t.config.publicUrl}/oauth_redirect`,
      },
    });
    expect(session.statusCode).toBe(200);
    expect(String(session.headers['set-cookie'])).toContain(`${SESSION_COOKIE}=`);
  });

  it('keeps only an allowed next, and a new verifier and state for every start', async () => {
    const first = await t.app.inject({
      url: '/id/start/login?next=https%3A%2F%2Fevil.example',
      headers: visit(t),
    });
    const second = await t.app.inject({ url: '/id/start/enter-card-number', headers: visit(t) });
    const values = [first, second].map((res) => {
      const cookie = pendingCookie(res.headers['set-cookie']) ?? '';
      return cookie.split(';')[0] ?? '';
    });
    for (const value of values) expect(value).toMatch(/^lc_sign_in_[\w-]{22}=[\w-]{43}$/);
    expect(values[0]).not.toBe(values[1]);
  });

  it('leaves the start to the app in a frame, for a session holder, with uid, elsewhere and under maintenance', async () => {
    const cases: Array<
      [string, { url: string; headers: Record<string, string>; cookies?: Record<string, string> }]
    > = [
      ['a frame', { url: '/id/start/login', headers: visit(t, { 'sec-fetch-dest': 'iframe' }) }],
      ['a browser without fetch metadata', { url: '/id/start/login', headers: { host: visit(t).host } }],
      [
        'a session holder',
        { url: '/id/start/login', headers: visit(t), cookies: { [SESSION_COOKIE]: 'any' } },
      ],
      ['the page with its interaction', { url: '/id/start/login?uid=abc', headers: visit(t) }],
      ['another address', { url: '/id/start/login', headers: visit(t, { host: 'other.example' }) }],
      ['maintenance', { url: '/id/start/login?switches=maintenance', headers: visit(t) }],
    ];
    for (const [name, request] of cases) {
      const res = await t.app.inject(request);
      expect(res.statusCode, name).toBe(200);
      expect(res.body, name).toContain('<div id="root">');
      expect(pendingCookie(res.headers['set-cookie']), name).toBeUndefined();
    }
  });

  it('names the cookie __Host- and sends it over https only where the site is on https', async () => {
    const secure = await buildTestApp({ PUBLIC_URL: 'https://www.nectar.com' });
    try {
      const res = await secure.app.inject({ url: '/id/start/login', headers: visit(secure) });
      expect(res.statusCode).toBe(303);
      expect(String(res.headers.location).startsWith('https://www.nectar.com/oauth2/auth?')).toBe(true);
      expect(pendingCookie(res.headers['set-cookie'])).toMatch(
        /^__Host-lc_sign_in_[\w-]{22}=.*; Path=\/; .*Secure/,
      );
    } finally {
      await secure.close();
    }
  });
});
