// @databases one: it tests how built files and pages are served; nothing it asserts touches the database.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';

const page = '<!doctype html><script type="module" src="/console/assets/main-abc123.js"></script>';

let built: TestApp;
let missing: TestApp;
let ownOrigin: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'lc-console-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), page);
  writeFileSync(path.join(dist, 'assets/main-abc123.js'), 'console.log(1);');
  writeFileSync(path.join(dist, 'console-icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  built = await buildTestApp({}, { consoleDistDir: dist });
  missing = await buildTestApp({}, { consoleDistDir: path.join(dist, 'not-there') });
  ownOrigin = await buildTestApp(
    {},
    {
      consoleDistDir: dist,
      // The member's site on plain http and the console on https: the console's cookie follows its own origin.
      publicUrl: 'http://members.example.test',
      console: { origin: 'https://console.example.test', ownOrigin: true },
    },
  );
});
afterAll(async () => {
  await built.close();
  await missing.close();
  await ownOrigin.close();
});

describe("the member site's offer preview pages", () => {
  it('may be framed by the console alone: this site, or the console on its own origin', async () => {
    const same = await built.app.inject({
      url: '/offercard-preview/some.token',
      headers: { accept: 'text/html' },
    });
    expect(String(same.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    expect(same.headers['x-frame-options']).toBeUndefined();
    const own = await ownOrigin.app.inject({
      url: '/offerdetails-preview/some.token',
      headers: { host: 'members.example.test', accept: 'text/html' },
    });
    expect(String(own.headers['content-security-policy'])).toContain(
      'frame-ancestors https://console.example.test',
    );
    // The console's page may frame them there.
    const consolePage = await ownOrigin.app.inject({
      url: '/console/offers/offer-1',
      headers: { host: 'console.example.test' },
    });
    expect(String(consolePage.headers['content-security-policy'])).toContain(
      'frame-src http://members.example.test',
    );
    // Every other page of the member site may be framed by nobody.
    for (const url of ['/homepage', '/offercard-preview', '/offercard-preview/a/b']) {
      const other = await built.app.inject({ url, headers: { accept: 'text/html' } });
      expect(String(other.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    }
  });
});

describe('the staff console at /console/', () => {
  it.each(['/console/', '/console', '/console/sign-in', '/console/members/1f0c?x=1', '/console/invite/abc'])(
    'answers its page at %s, under a strict policy of its own',
    async (url) => {
      const res = await built.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toBe(page);
      expect(res.headers['cache-control']).toBe('no-cache');
      const policy = String(res.headers['content-security-policy']);
      expect(policy).toContain("script-src 'self';");
      expect(policy).toContain("style-src 'self';");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toContain('unsafe-inline');
      expect(policy).not.toContain('sha256-');
    },
  );

  it('sends a hashed file cached for a year, and a file at the top revalidated', async () => {
    const script = await built.app.inject({ url: '/console/assets/main-abc123.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await built.app.inject({ url: '/console/console-icon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404 for a hashed file that is not there, and for a call that is no page', async () => {
    const stale = await built.app.inject({ url: '/console/assets/old-123.js' });
    expect(stale.statusCode).toBe(404);
    expect(stale.json()).toMatchObject({ code: 'NOT_FOUND' });
    const post = await built.app.inject({
      method: 'POST',
      url: '/console/x',
      headers: { channel: 'JS-WEB' },
    });
    expect(post.statusCode).toBe(404);
  });

  it("leaves the member site's pages and the console's calls as they were", async () => {
    const home = await built.app.inject({ url: '/welcome' });
    expect(home.statusCode).toBe(200);
    expect(String(home.headers['content-security-policy'])).toContain("'sha256-");
    const session = await built.app.inject({ url: '/staff-api/session' });
    expect(session.statusCode).toBe(401);
  });

  it('says plainly that the console is not built when its build is missing', async () => {
    const res = await missing.app.inject({ url: '/console/members/1' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('The staff console is not built');
  });
});

describe('the staff console on its own origin (CONSOLE_ORIGIN)', () => {
  const onConsole = { host: 'console.example.test', accept: 'text/html' };
  const onMembers = { host: 'members.example.test', accept: 'text/html' };

  it("answers the console's pages and calls on its host, and sends / to the console", async () => {
    const page = await ownOrigin.app.inject({ url: '/console/members', headers: onConsole });
    expect(page.statusCode).toBe(200);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self';");
    const session = await ownOrigin.app.inject({ url: '/staff-api/session', headers: onConsole });
    expect(session.statusCode).toBe(401);
    const top = await ownOrigin.app.inject({ url: '/', headers: onConsole });
    expect(top.statusCode).toBe(302);
    expect(top.headers.location).toBe('/console/');
    const health = await ownOrigin.app.inject({ url: '/healthz', headers: onConsole });
    expect(health.statusCode).toBe(200);
  });

  it("sets the console's session cookie for its own https host: __Host- and Secure", async () => {
    const signedIn = await ownOrigin.app.inject({
      method: 'POST',
      url: '/dev/staff-session',
      headers: { host: 'console.example.test', channel: 'JS-WEB', 'content-type': 'application/json' },
      payload: { email: 'agent@example.com' },
    });
    expect(signedIn.statusCode).toBe(204);
    const cookie = String(signedIn.headers['set-cookie']);
    expect(cookie).toMatch(/^__Host-staff_session=/);
    expect(cookie).toContain('Secure');
    expect(cookie).toContain('SameSite=Strict');
  });

  it("answers none of the member site's pages or calls on the console's host", async () => {
    for (const url of ['/welcome', '/customer-management-api/customer', '/login']) {
      const res = await ownOrigin.app.inject({ url, headers: onConsole });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it("answers none of the console's pages or calls on the member's site", async () => {
    for (const url of ['/console/', '/console/members', '/staff-api/session']) {
      const res = await ownOrigin.app.inject({ url, headers: onMembers });
      expect(res.statusCode, url).toBe(404);
    }
    const signIn = await ownOrigin.app.inject({
      method: 'POST',
      url: '/staff-api/session',
      headers: { ...onMembers, channel: 'JS-WEB', 'content-type': 'application/json' },
      payload: { email: 'agent@example.com', password: 'x', code: '123456' },
    });
    expect(signIn.statusCode).toBe(404);
    const welcome = await ownOrigin.app.inject({ url: '/welcome', headers: onMembers });
    expect(welcome.statusCode).toBe(200);
  });
});
