// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nectarBrand } from '@app/contracts/brand';
import {
  APP_SHELL_PATH,
  OFFLINE_CARD_PATH,
  SERVICE_WORKER_PATH,
  WEB_APP_MANIFEST_PATH,
} from '@app/contracts/offline';
import { ROUTES } from '@app/contracts/routes';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { APP_ICONS, appIconPath } from './installable-app.ts';

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'lc-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><head><meta name="theme-color" content="#7f0442" /><link rel="manifest" href="/manifest.webmanifest" /><title>Nectar</title><script type="module" src="/assets/entry-abc123.js"></script></head><div id="root"></div>',
  );
  writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  t = await buildTestApp({}, { webDistDir: dist });
});
afterAll(async () => t.close());

describe('the web app manifest', () => {
  it("names the scheme in the chosen brand's colours and opens the card page, standalone", async () => {
    const res = await t.app.inject(WEB_APP_MANIFEST_PATH);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    expect(res.headers['cache-control']).toBe('no-cache');
    const manifest = res.json<Record<string, unknown>>();
    expect(manifest).toMatchObject({
      name: nectarBrand.name,
      short_name: nectarBrand.name,
      start_url: OFFLINE_CARD_PATH,
      id: OFFLINE_CARD_PATH,
      scope: '/',
      display: 'standalone',
      theme_color: nectarBrand.colours.brand,
      lang: 'en-GB',
    });
    // The start is a member's page of the route table: a visitor is asked to sign in first.
    expect(ROUTES.find((route) => route.path === OFFLINE_CARD_PATH)?.access).toBe('session');
    expect(manifest.icons).toEqual([
      { src: '/brand-assets/app-icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/brand-assets/app-icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      {
        src: '/brand-assets/app-icon-maskable-512.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ]);
    const again = await t.app.inject({
      url: WEB_APP_MANIFEST_PATH,
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it("draws each icon from the brand's icon as a PNG of its size; the maskable one fills the square", async () => {
    for (const icon of APP_ICONS) {
      const res = await t.app.inject(appIconPath(icon));
      expect(res.statusCode, icon.name).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('no-cache');
      const png = PNG.sync.read(res.rawPayload);
      expect([png.width, png.height], icon.name).toEqual([icon.size, icon.size]);
      // The top-left pixel: see-through beside the rounded corner of the icon as drawn, the brand colour on a
      // maskable icon (a launcher cuts it to its own shape).
      const [r, g, b, alpha] = png.data.subarray(0, 4);
      if (icon.purpose === 'any') expect(alpha, icon.name).toBe(0);
      else
        expect(`#${[r, g, b].map((c) => c!.toString(16).padStart(2, '0')).join('')}`).toBe(
          nectarBrand.colours.brand,
        );
    }
  });
});

describe('the service worker and the app shell', () => {
  it('sends the service worker to be checked on every visit, so that a release is found at once', async () => {
    const res = await t.app.inject(SERVICE_WORKER_PATH);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('no-cache');
    // Same-origin scripts, workers and manifests are allowed by the policy (ADR 003).
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it("serves the app shell in the brand, with the configuration and no member's data", async () => {
    const res = await t.app.inject({ url: APP_SHELL_PATH, headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(html).toContain('<script type="application/json" id="brand">');
    expect(html).toContain('<script type="application/json" id="remote-config">');
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('page-answers');
    expect(html).not.toContain('modulepreload');
  });
});
