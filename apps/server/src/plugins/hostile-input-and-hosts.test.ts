// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { Buffer } from 'node:buffer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestMessages } from '@app/contracts/error-messages';
import { demoCollector } from '../start-data/demo-collector.ts';
import { getOrCreateSecret } from '../lib/server-secrets.ts';
import { buildTestApp, jsWeb, type TestApp } from '../test/build-test-app.ts';
import { authorizationCode, Jar } from '../test/oidc-browser.ts';

describe('control characters, encoded paths, provider headers and codes', () => {
  let t: TestApp;
  let session = '';
  beforeAll(async () => {
    t = await buildTestApp();
    const started = await t.app.inject({
      method: 'POST',
      url: '/dev/session',
      headers: jsWeb,
      payload: { cardNumber: demoCollector.cardNumber },
    });
    session = started.cookies.find((cookie) => cookie.name === 'lc_session')?.value ?? '';
  });
  afterAll(async () => t.close());

  it("sends a browser's page load with a NUL byte in its address to the not-found page, and an API call a 400", async () => {
    for (const url of [
      '/register%00',
      '/offers/sainsburys?category=%00',
      '/id/start/nectar-card-check%00x',
    ]) {
      const page = await t.app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect({ url, status: page.statusCode, location: page.headers.location }).toEqual({
        url,
        status: 303,
        location: '/not-found',
      });
    }
    // Where it lands: an address the route table does not know, which the app answers with its not-found page.
    const notFound = await t.app.inject({
      url: '/not-found',
      headers: { accept: 'text/html', host: new URL(t.config.publicUrl).host },
    });
    expect(notFound.statusCode).toBe(404);
    const api = await t.app.inject({ url: '/offers-api/offers%00', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(400);
    expect(api.json()).toEqual({ code: 'VALIDATION', description: requestMessages.controlCharacters });
  });

  it('refuses other control characters in one-line fields but keeps line breaks in text', async () => {
    const request = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/session-api/session/request',
        headers: jsWeb,
        payload: { email },
      });
    const bell = await request('a\u0007@example.com');
    expect(bell.statusCode).toBe(400);
    expect(bell.json().code).toBe('VALIDATION');
    expect((await request('a@example.com')).statusCode).toBe(200);
    const query = await t.app.inject({ method: 'GET', url: '/nectar-lite/card?token=%1Babc' });
    expect(query.statusCode).toBe(400);
  });

  it('applies the channel check to a percent-encoded API path', async () => {
    const forged = await t.app.inject({
      method: 'POST',
      url: '/%73ession-api/session/request',
      headers: { 'content-type': 'application/json' },
      payload: { email: demoCollector.email },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('CHANNEL_REQUIRED');
    const offers = await t.app.inject({
      method: 'PUT',
      url: '/%6Fffers-api/offer/state',
      headers: { 'content-type': 'application/json', cookie: `lc_session=${session}` },
      payload: { offers: [] },
    });
    expect(offers.json().code).toBe('CHANNEL_REQUIRED');
  });

  it("sends the security headers on the identity provider's responses", async () => {
    const discovery = await t.app.inject('/oauth2/.well-known/openid-configuration');
    expect(discovery.statusCode).toBe(200);
    expect(discovery.headers['x-content-type-options']).toBe('nosniff');
    expect(discovery.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(discovery.headers['referrer-policy']).toBeTruthy();
  });

  it('lets only one of two parallel exchanges of one authorization code through, and revokes its grant', async () => {
    const secret = await getOrCreateSecret(t.app.db, 'oidc-web-client-secret');
    const basic = Buffer.from(`nectar-web:${secret}`).toString('base64');
    const { code, verifier, redirectUri } = await authorizationCode(t, new Jar());
    const exchange = () =>
      t.app.inject({
        method: 'POST',
        url: '/oauth2/token',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${basic}`,
          host: new URL(t.config.publicUrl).host,
        },
        payload: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          code_verifier: verifier,
          redirect_uri: redirectUri,
        }).toString(),
      });
    const answers = await Promise.all([exchange(), exchange(), exchange()]);
    const granted = answers.filter((answer) => answer.statusCode === 200);
    expect(granted.length).toBeLessThanOrEqual(1);
  });
});

describe('TRUST_PROXY', () => {
  it('believes only the hops it is told to, so a made-up X-Forwarded-For does not dodge a per-IP limit', async () => {
    const t = await buildTestApp({ TRUST_PROXY: '1' });
    try {
      const answers = [];
      for (let i = 0; i < 7; i += 1) {
        answers.push(
          await t.app.inject({
            method: 'POST',
            url: '/customer-management-api/credentials/password/reset',
            // The client made up the first entry; the one proxy in front appended the address it saw.
            headers: { ...jsWeb, 'x-forwarded-for': `10.9.8.${i}, 198.51.100.7` },
            remoteAddress: '10.0.0.2',
            payload: { email: `nobody${i}@example.com` },
          }),
        );
      }
      expect(answers.map((answer) => answer.statusCode)).toContain(429);
    } finally {
      await t.close();
    }
  });
});

describe('canonical host', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_URL: 'http://localhost:3000' });
  });
  afterAll(async () => t.close());

  it('sends a page opened at another host name to PUBLIC_URL, and leaves API calls and health checks alone', async () => {
    const page = await t.app.inject({
      url: '/login?next=%2Foffers',
      headers: { host: '127.0.0.1:3000', accept: 'text/html,application/xhtml+xml' },
    });
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe('http://localhost:3000/login?next=%2Foffers');
    const same = await t.app.inject({ url: '/', headers: { host: 'localhost:3000', accept: 'text/html' } });
    expect(same.statusCode).toBe(200);
    const ready = await t.app.inject({
      url: '/readyz',
      headers: { host: '10.0.0.5:3000', accept: 'text/html' },
    });
    expect(ready.statusCode).toBe(200);
    const api = await t.app.inject({
      url: '/nectar-session-api/remember',
      headers: { host: '127.0.0.1:3000' },
    });
    expect(api.statusCode).toBe(200);
  });

  it("explains a sign-in started at an address the provider doesn't know, in words", async () => {
    const answer = await t.app.inject({
      url: `/oauth2/auth?${new URLSearchParams({
        client_id: 'nectar-web',
        redirect_uri: 'http://127.0.0.1:3000/oauth_redirect',
        response_type: 'code',
        scope: 'openid',
        code_challenge: 'x'.repeat(43),
        code_challenge_method: 'S256',
      })}`,
      headers: { host: 'localhost:3000' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain("This log in was started from an address we don't recognise.");
    expect(answer.body).toContain('http://localhost:3000');
    expect(answer.body).not.toContain('redirect_uri did not match');
  });
});

describe('cookies over https', () => {
  it('sets the session cookie with the __Host- prefix (Secure, HttpOnly, path /, no Domain) and reads only that name', async () => {
    const t = await buildTestApp({ PUBLIC_URL: 'https://www.nectar.com' });
    try {
      const started = await t.app.inject({
        method: 'POST',
        url: '/dev/session',
        headers: jsWeb,
        payload: { cardNumber: demoCollector.cardNumber },
      });
      expect(started.statusCode).toBe(204);
      const line = [started.headers['set-cookie'] ?? []]
        .flat()
        .find((l) => l.startsWith('__Host-lc_session='));
      expect(line).toMatch(/; Secure/);
      expect(line).toMatch(/; HttpOnly/);
      expect(line).toMatch(/; Path=\/(;|$)/);
      expect(line).not.toMatch(/domain=/i);
      const value = /^__Host-lc_session=([^;]+)/.exec(line ?? '')?.[1] ?? '';
      const profile = (cookies: Record<string, string>) =>
        t.app.inject({ url: '/customer-management-api/customer/v2', cookies });
      expect((await profile({ '__Host-lc_session': value })).statusCode).toBe(200);
      // A cookie without the prefix (one a plain-http page or a sibling host could set) is not a session.
      expect((await profile({ lc_session: value })).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});
