// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BALANCE_PATH, PROFILE_PATH } from '@app/contracts/page-answers';
import { demoCollector } from '../start-data/demo-collector.ts';
import { cards } from '../db/schema/core.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { SESSION_COOKIE } from './session.ts';

const webDir = path.resolve(import.meta.dirname, '../../../web');
/** The channel on which the test tells the fake renderer's slow drawing to finish. */
const SLOW_DRAWING_CHANNEL = `slow-drawing-${process.pid}`;

/**
 * The server's drawing of session pages (ADR 022, 045), with the web build's drawing thread and its globals as
 * they are, and a stand-in for the app's server-side build that draws what it was given: the app's own drawing,
 * and its hydration, are checked end to end (e2e/homepage-drawing.spec.ts).
 */
let t: TestApp;
let cookies: Record<string, string>;
let dist: string;
beforeAll(async () => {
  // Inside the project, as apps/web/dist is.
  const cache = path.resolve(webDir, '../../node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  dist = mkdtempSync(path.join(cache, 'lc-dist-drawing-'));
  mkdirSync(path.join(dist, '.vite/ssr'), { recursive: true });
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><head><script type="module" src="/assets/entry-1.js"></script></head><div id="root"></div>',
  );
  writeFileSync(
    path.join(dist, '.vite/first-paint.json'),
    JSON.stringify({
      app: { js: ['/assets/start-up-1.js'] },
      pages: { homepage: { js: ['/assets/homepage-route-1.js'] } },
      placeholder: { js: [] },
      session: { js: [] },
    }),
  );
  // A public page as the build drew it (apps/web prerender-run.mjs), with the renderer's preload before it.
  writeFileSync(
    path.join(dist, '.vite/prerendered.json'),
    JSON.stringify([
      {
        page: 'welcome',
        path: '/welcome',
        html: '<link rel="preload" as="image" href="/brand-assets/logo.svg"/><main><h1>Welcome</h1></main>',
      },
    ]),
  );
  for (const file of ['page-drawing-worker.mjs', 'server-globals.mjs']) {
    copyFileSync(path.join(webDir, file), path.join(dist, '.vite/ssr', file));
  }
  writeFileSync(
    path.join(dist, '.vite/ssr/prerender.mjs'),
    `export async function drawSessionPage({ url, answers, switches }) {
      if (new URL(url).searchParams.has('fail')) throw new Error('cannot draw this one');
      if (new URL(url).searchParams.has('crash')) process.exit(1);
      if (new URL(url).searchParams.has('slow')) {
        // Slower than the server waits: done only when the test says so, on a channel across threads.
        await new Promise((resolve) => {
          const channel = new BroadcastChannel(${JSON.stringify(SLOW_DRAWING_CHANNEL)});
          channel.onmessage = () => resolve(channel.close());
        });
      }
      const name = answers[${JSON.stringify(PROFILE_PATH)}].firstName;
      const balance = answers[${JSON.stringify(BALANCE_PATH)}];
      // As React's renderer draws an image the page shows first: its preload before the drawing.
      const logo = '<link rel="preload" as="image" href="/brand-assets/logo.svg"/>';
      return logo + '<main><h1>Hello ' + name + '</h1><p>' + new URL(url).pathname + (switches.maintenance ? ' down' : '') + '</p>' + (balance ? '<p>' + balance.balance + ' points</p>' : '') + '</main><script>x()</script>';
    }
    export async function prerender(url) {
      return '<main><h1>Welcome, ' + new URL(url).pathname + '</h1></main>';
    }`,
  );
  t = await buildTestApp({}, { webDistDir: dist });
  const [card] = await t.app.db.select().from(cards).where(eq(cards.number, demoCollector.cardNumber));
  cookies = { [SESSION_COOKIE]: (await t.app.sessions.create(card?.collectorId ?? '')).token };
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const homepage = (query = '', sessionCookies = cookies) =>
  t.app.inject({
    url: `/homepage${query}`,
    headers: { 'accept-encoding': 'identity' },
    cookies: sessionCookies,
  });
const rootOf = (html: string) =>
  /<div id="root"[^>]*>(.*?)<\/div><script type="application\/json" id="page-answers">/.exec(html);

describe("the server's drawing of a session page (ADR 022)", () => {
  it("draws the member's homepage into the page, inert, with the app's chunks listed for after the paint", async () => {
    // The thread starts with the server, in the background: the first pages may go without a drawing.
    let page = await homepage();
    await expect
      .poll(async () => (page = await homepage()).body, { timeout: 10_000 })
      .toContain('data-prerendered');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    // The member's own first reads are in the drawing: their name and their balance.
    const balance = await t.app.inject({ url: BALANCE_PATH, headers: { channel: 'JS-WEB' }, cookies });
    const points = balance.json<{ balance: number }>().balance;
    expect(points).toBeGreaterThan(0);
    expect(page.body).toContain(
      `<div id="root" data-prerendered inert><main><h1>Hello ${demoCollector.firstName}</h1><p>/homepage</p><p>${points} points</p></main></div>`,
    );
    // The renderer's preloads go into the head, out of what the app hydrates (ADR 045).
    expect(page.body).toMatch(
      /<link rel="preload" as="image" href="\/brand-assets\/logo.svg"\/>[^]*<\/head>/,
    );
    expect(rootOf(page.body)?.[0]).not.toContain('<link');
    // Scripts of the drawing are left out (the content security policy); the page's answers follow the root.
    expect(rootOf(page.body)?.[0]).not.toContain('x()');
    expect(page.body).toContain('id="later-modules"');
    expect(page.body).not.toContain('rel="modulepreload"');
  });

  it('sends the page without a drawing, as before, when drawing fails or takes too long', async () => {
    for (const query of ['?fail=1', '?slow=1']) {
      const page = await homepage(query);
      expect(page.statusCode, query).toBe(200);
      expect(page.body, query).toContain(
        '<div id="root"></div><script type="application/json" id="page-answers">',
      );
      expect(page.body, query).toContain('rel="modulepreload"');
    }
    // The thread goes on drawing the next page, once the slow one it was still drawing is done.
    const finishSlowDrawing = new BroadcastChannel(SLOW_DRAWING_CHANNEL);
    try {
      await expect
        .poll(
          async () => {
            finishSlowDrawing.postMessage('done');
            return (await homepage()).body;
          },
          { timeout: 10_000 },
        )
        .toContain('data-prerendered');
    } finally {
      finishSlowDrawing.close();
    }
  });

  it('starts the thread again when it ends, and draws once more', async () => {
    const crashed = await homepage('?crash=1');
    expect(crashed.statusCode).toBe(200);
    expect(crashed.body).toContain('<div id="root"></div>');
    await expect
      .poll(async () => (await homepage()).body, { timeout: 10_000 })
      .toContain(`<h1>Hello ${demoCollector.firstName}</h1>`);
  });

  it('draws nothing under maintenance: the app shows its maintenance page', async () => {
    await expect.poll(async () => (await homepage()).body, { timeout: 10_000 }).toContain('data-prerendered');
    const page = await homepage('?switches=maintenance');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
  });

  it('draws the other pages with first reads for a member: the card, the offers, the account and the brands (ADR 040)', async () => {
    await expect.poll(async () => (await homepage()).body, { timeout: 10_000 }).toContain('data-prerendered');
    for (const url of ['/card/activity', '/offers/sainsburys', '/account', '/brands']) {
      const page = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' }, cookies });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('private, no-store');
      expect(rootOf(page.body)?.[0], url).toContain(
        `<div id="root" data-prerendered inert><main><h1>Hello ${demoCollector.firstName}</h1><p>${url}</p>`,
      );
    }
    // The brands page is public: a visitor without a session gets the shared page, with no member's answers.
    const anonymous = await t.app.inject({ url: '/brands', headers: { 'accept-encoding': 'identity' } });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.body).toContain('<div id="root"></div>');
    expect(anonymous.body).not.toContain('id="page-answers"');
    expect(anonymous.headers['cache-control']).not.toBe('private, no-store');
  });

  it("sends a public page with the build's drawing, its preloads in the head, from the page cache", async () => {
    const [first, second] = [
      await t.app.inject({ url: '/welcome', headers: { 'accept-encoding': 'identity' } }),
      await t.app.inject({ url: '/welcome', headers: { 'accept-encoding': 'identity' } }),
    ];
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.body).toContain('<div id="root" data-prerendered inert><main><h1>Welcome</h1></main></div>');
    expect(first.body).toMatch(/<link rel="preload" as="image" href="\/brand-assets\/logo.svg"\/><\/head>/);
    expect(second.body).toBe(first.body);
  });

  it('draws nothing for a page without a live session', async () => {
    const page = await homepage('', { [SESSION_COOKIE]: 'ended-or-made-up' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    expect(page.body).not.toContain('Hello');
  });
});
