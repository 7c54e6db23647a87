// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  ALL_OFFERS_PATH,
  BALANCE_PATH,
  FIRST_READS,
  PARTNER_OFFERS_PATH,
  PROFILE_PATH,
} from '@app/contracts/page-answers';
import { demoCollector } from '../start-data/demo-collector.ts';
import { cards } from '../db/schema/core.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { SESSION_COOKIE } from './session.ts';

const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'lc-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><head><script type="module" src="/assets/entry-abc123.js"></script></head><div id="root"></div>',
  );
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(
    path.join(dist, '.vite/first-paint.json'),
    JSON.stringify({
      app: { js: ['/assets/start-up-1.js'] },
      pages: {
        welcome: { js: ['/assets/welcome-route-1.js'] },
        homepage: { js: ['/assets/homepage-route-1.js', '/assets/query-1.js'] },
      },
      placeholder: { js: ['/assets/placeholder-route-1.js'] },
      session: { js: ['/assets/query-1.js', '/assets/get-profile-1.js'] },
      signInStart: { js: ['/assets/start-before-app-1.js', '/assets/switches-1.js'] },
    }),
  );
  writeFileSync(path.join(dist, 'assets/entry-abc123.js'), script);
  writeFileSync(path.join(dist, 'assets/entry-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dist, 'assets/entry-abc123.js.gz'), gzipSync(script));
  writeFileSync(path.join(dist, 'assets/logo-abc123.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(
    path.join(dist, '.vite/prerendered.json'),
    JSON.stringify([
      { page: 'welcome', path: '/welcome', html: '<main>Welcome drawn</main>' },
      {
        page: 'id-login',
        path: '/id/start/login?uid=x',
        requires: 'uid',
        html: '<main>Card number drawn</main>',
      },
    ]),
  );
  t = await buildTestApp({}, { webDistDir: dist });
});
afterAll(async () => t.close());

describe('built files', () => {
  it('sends the precompressed brotli copy to a browser that takes brotli, cached for a year', async () => {
    const res = await t.app.inject({
      url: '/assets/entry-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a browser without brotli, and the plain file to one that takes neither', async () => {
    const gzip = await t.app.inject({
      url: '/assets/entry-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await t.app.inject({
      url: '/assets/entry-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("leaves a document's headers off a script, in every encoding, and keeps them on an SVG and the page", async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await t.app.inject({
        url: '/assets/entry-abc123.js',
        headers: { 'accept-encoding': encoding },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-security-policy']).toBeUndefined();
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['referrer-policy']).toBeUndefined();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
    // An SVG opened on its own is a document that could run script: it keeps the policy.
    const svg = await t.app.inject('/assets/logo-abc123.svg');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-security-policy']).toContain("default-src 'self'");
    expect(svg.headers['x-frame-options']).toBe('SAMEORIGIN');
    const page = await t.app.inject({ url: '/welcome', headers: { accept: 'text/html' } });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('answers a missing hashed file 404, so a stale chunk is noticed', async () => {
    const res = await t.app.inject('/assets/entry-gone99.js');
    expect(res.statusCode).toBe(404);
  });
});

describe('the page for a first visit', () => {
  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);

  it("names the route's chunks, and carries the remote configuration", async () => {
    const res = await t.app.inject({ url: '/help', headers: { 'accept-encoding': 'identity' } });
    expect(res.statusCode).toBe(200);
    expect(preloads(res.body)).toEqual(['/assets/start-up-1.js', '/assets/placeholder-route-1.js']);
    // The app's one style sheet is index.html's own (ADR 024): the page adds none.
    expect(res.body).not.toContain('rel="stylesheet"');
    const block = /<script type="application\/json" id="remote-config">([^<]*)<\/script>/.exec(res.body);
    expect(JSON.parse(block?.[1] ?? 'null')).toHaveProperty('maintenance');
    expect(res.body.indexOf('remote-config')).toBeLessThan(res.body.indexOf('</head>'));
  });

  it('adds the session loader to a session route, once per file, and the placeholder to unknown pages', async () => {
    const home = await t.app.inject({ url: '/homepage', headers: { 'accept-encoding': 'identity' } });
    expect(preloads(home.body)).toEqual([
      '/assets/start-up-1.js',
      '/assets/query-1.js',
      '/assets/get-profile-1.js',
      '/assets/homepage-route-1.js',
    ]);
    const unknown = await t.app.inject({ url: '/no/such/page', headers: { 'accept-encoding': 'identity' } });
    expect(unknown.statusCode).toBe(404);
    expect(preloads(unknown.body)).toEqual(['/assets/start-up-1.js', '/assets/placeholder-route-1.js']);
  });

  it('compresses the page for browsers that take brotli or gzip', async () => {
    const plain = await t.app.inject({ url: '/welcome', headers: { 'accept-encoding': 'identity' } });
    const br = await t.app.inject({ url: '/welcome', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await t.app.inject({ url: '/welcome', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('puts the drawing of a pre-rendered page into the root, inert, and lists its chunks for after the paint', async () => {
    const res = await t.app.inject({ url: '/welcome', headers: { 'accept-encoding': 'identity' } });
    expect(res.body).toContain('<div id="root" data-prerendered inert><main>Welcome drawn</main></div>');
    expect(preloads(res.body)).toEqual([]);
    const later = /<script type="application\/json" id="later-modules">([^<]*)<\/script>/.exec(res.body);
    expect(JSON.parse(later?.[1] ?? 'null')).toEqual(['/assets/start-up-1.js', '/assets/welcome-route-1.js']);
  });

  it('uses a drawing only where the request carries what it needs', async () => {
    const withUid = await t.app.inject({
      url: '/id/start/login?uid=abc',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(withUid.body).toContain('<main>Card number drawn</main>');
    const without = await t.app.inject({
      url: '/id/start/login',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(without.body).not.toContain('drawn');
    expect(without.body).toContain('<div id="root"></div>');
  });

  it('preloads only what starts a sign-in for a card-number page without uid: it only sends a visitor to the provider', async () => {
    const visitor = await t.app.inject({
      url: '/id/start/login',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(preloads(visitor.body)).toEqual(['/assets/start-before-app-1.js', '/assets/switches-1.js']);
    expect(visitor.body).toContain('id="remote-config"');
    // A session holder's start runs the whole app (hotels session), so its chunks are preloaded as usual.
    const member = await t.app.inject({
      url: '/id/start/login',
      headers: { 'accept-encoding': 'identity' },
      cookies: { [SESSION_COOKIE]: 'any' },
    });
    expect(preloads(member.body)).toContain('/assets/start-up-1.js');
    const withUid = await t.app.inject({
      url: '/id/start/login?uid=abc',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(withUid.body).toContain('id="later-modules"');
  });

  describe('answers in the page (ADR 020)', () => {
    const answersIn = (html: string) => {
      const block = /<script type="application\/json" id="page-answers">([^<]*)<\/script>/.exec(html);
      return block ? (JSON.parse(block[1] ?? '') as Record<string, unknown>) : undefined;
    };
    const memberCookies = async () => {
      const [card] = await t.app.db.select().from(cards).where(eq(cards.number, demoCollector.cardNumber));
      return { [SESSION_COOKIE]: (await t.app.sessions.create(card?.collectorId ?? '')).token };
    };

    it("puts the member's homepage reads into the page, as their own calls answer them, kept by no cache", async () => {
      const cookies = await memberCookies();
      const page = await t.app.inject({ url: '/homepage', headers: { 'accept-encoding': 'br' }, cookies });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('private, no-store');
      const html = brotliDecompressSync(page.rawPayload).toString();
      const answers = answersIn(html);
      const call = (url: string) => t.app.inject({ url, cookies }).then((res) => res.json<unknown>());
      expect(Object.keys(answers ?? {})).toEqual([PROFILE_PATH, ...(FIRST_READS.homepage ?? [])]);
      expect(answers?.[PROFILE_PATH]).toEqual(await call(PROFILE_PATH));
      expect(answers?.[PROFILE_PATH]).toMatchObject({ cardNumber: demoCollector.cardNumber });
      expect(answers?.[BALANCE_PATH]).toEqual(await call(BALANCE_PATH));
      // The offer lists carry the time of the answer: the offers are the same.
      const offersOf = (answer: unknown) => (answer as { offers: unknown[] }).offers;
      expect(offersOf(answers?.[PARTNER_OFFERS_PATH])).toEqual(offersOf(await call(PARTNER_OFFERS_PATH)));
      expect(offersOf(answers?.[ALL_OFFERS_PATH])).toEqual(offersOf(await call(ALL_OFFERS_PATH)));
      expect(offersOf(answers?.[ALL_OFFERS_PATH]).length).toBeGreaterThan(0);
      // The block sits after the root, where nothing of it can end the script element early.
      expect(html.indexOf('id="page-answers"')).toBeGreaterThan(html.indexOf('<div id="root"></div>'));
      expect(html.match(/id="page-answers">[^<]*<\/script>/)).not.toBeNull();
    });

    it('sends only the session check for a session page without first reads', async () => {
      // /account's first render reads nothing beyond the session check (FIRST_READS lists it empty).
      const page = await t.app.inject({
        url: '/account',
        headers: { 'accept-encoding': 'identity' },
        cookies: await memberCookies(),
      });
      expect(Object.keys(answersIn(page.body) ?? {})).toEqual([PROFILE_PATH]);
    });

    it('sends no answers without a live session, to a public page, or for HEAD', async () => {
      const cookies = await memberCookies();
      const noSession = await t.app.inject({
        url: '/homepage',
        headers: { 'accept-encoding': 'identity' },
        cookies: { [SESSION_COOKIE]: 'ended-or-made-up' },
      });
      expect(noSession.statusCode).toBe(200);
      expect(answersIn(noSession.body)).toBeUndefined();
      expect(noSession.headers['cache-control']).toBe('no-cache');
      const anonymous = await t.app.inject({ url: '/homepage', headers: { 'accept-encoding': 'identity' } });
      expect(answersIn(anonymous.body)).toBeUndefined();
      const publicPage = await t.app.inject({
        url: '/welcome',
        headers: { 'accept-encoding': 'identity' },
        cookies,
      });
      expect(answersIn(publicPage.body)).toBeUndefined();
      const head = await t.app.inject({ method: 'HEAD', url: '/homepage', cookies });
      expect(head.headers['cache-control']).toBe('no-cache');
    });
  });
});
