// @databases one: a brand changes the pages and emails, not the database.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_BRAND_FILE } from '../env.ts';
import { buildTestApp, jsWeb, type TestApp } from '../test/build-test-app.ts';
import { startServerProcess, templateDatabase, type ServerProcess } from '../test/server-process.ts';

const harbourFile = path.join(path.dirname(BUILT_IN_BRAND_FILE), 'harbour-rewards.json');

/** A web build's page as Vite writes it: the built-in brand's title, theme colour, icon and typeface preload. */
const builtPage =
  '<!doctype html><html lang="en-GB"><head><meta charset="UTF-8" /><meta name="theme-color" content="#7f0442" /><link rel="icon" href="/favicon.svg" type="image/svg+xml" /><title>Nectar</title><link rel="preload" href="/assets/figtree-latin-wght-normal-Ab12.woff2" as="font" type="font/woff2" crossorigin><link rel="stylesheet" crossorigin href="/assets/index-Cd34.css"></head><body><div id="root"></div></body></html>';
const webDist = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'lc-web-brand-'));
  writeFileSync(path.join(dir, 'index.html'), builtPage);
  return dir;
};

/** The page's brand style element, and the CSP's hash for it. */
const styleOf = (html: string) => /<style>([^<]*)<\/style>/.exec(html)?.[1] ?? '';
const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const brandBlockOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="brand">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null') as {
    name: string;
    colours: { brand: string };
  } | null;

describe('the built-in brand in the pages the server sends (ADR 028)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { webDistDir: webDist() });
  });
  afterAll(async () => t.close());

  it('puts the brand into the page for the app to read first, with its style allowed by the CSP', async () => {
    const res = await t.app.inject({
      url: '/welcome',
      headers: { accept: 'text/html', host: new URL(t.config.publicUrl).host },
    });
    expect(res.statusCode).toBe(200);
    expect(brandBlockOf(res.body)).toMatchObject({ name: 'Nectar', colours: { brand: '#7f0442' } });
    const style = styleOf(res.body);
    expect(style).toContain('--color-brand:#7f0442');
    expect(res.headers['content-security-policy']).toContain(`style-src 'self' ${hashOf(style)}`);
    // The build's own typeface preload stays; the tab icon is the brand's.
    expect(res.body).toContain('<title>Nectar</title>');
    expect(res.body).toContain('href="/assets/figtree-latin-wght-normal-Ab12.woff2"');
    expect(res.body).toContain('<link rel="icon" href="/brand-assets/icon.svg"');
  });

  it('serves the brand images, revalidated by their ETag', async () => {
    const logo = await t.app.inject('/brand-assets/logo.svg');
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toContain('image/svg+xml');
    expect(logo.headers['cache-control']).toBe('no-cache');
    expect(logo.body).toContain('aria-label="nectar"');
    const again = await t.app.inject({
      url: '/brand-assets/logo.svg',
      headers: { 'if-none-match': String(logo.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect((await t.app.inject('/brand-assets/card.svg')).statusCode).toBe(200);
    // The built-in brand brings no typeface file of its own.
    expect((await t.app.inject('/brand-assets/typeface.woff2')).statusCode).toBe(404);
  });
});

/**
 * A second scheme, started as `npm start` starts the server (main.ts chooses the brand before the rest of the
 * server loads): its pages, emails, identity provider pages and API reference.
 */
describe('a server started with BRAND_FILE=brands/harbour-rewards.json', () => {
  let server: ServerProcess | undefined;
  let base = '';
  let dataDir = '';
  let dropDatabase = () => Promise.resolve();

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'lc-brand-data-'));
    const database = await templateDatabase(dataDir);
    dropDatabase = database.drop;
    server = await startServerProcess({
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDist(),
      BRAND_FILE: harbourFile,
      ...database.env,
    });
    base = server.base;
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase();
  });

  it('serves its name, colours, typeface, icon and images in the page', async () => {
    const res = await fetch(`${base}/welcome`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Harbour Rewards</title>');
    expect(html).toContain('<meta name="theme-color" content="#0b5563"');
    expect(brandBlockOf(html)).toMatchObject({ name: 'Harbour Rewards', colours: { brand: '#0b5563' } });
    const style = styleOf(html);
    expect(style).toContain('--color-brand:#0b5563');
    expect(style).toContain("--font-brand:'Nunito Variable'");
    expect(res.headers.get('content-security-policy')).toContain(hashOf(style));
    // Its own typeface is preloaded instead of the built-in brand's.
    expect(html).toContain('<link rel="preload" href="/brand-assets/typeface.woff2" as="font"');
    expect(html).not.toContain('figtree');
    // The scheme's name appears nowhere (the contract's paths keep the slug `nectar`, an identifier).
    expect(html).not.toContain('Nectar');

    const logo = await fetch(`${base}/brand-assets/logo.svg`);
    expect(await logo.text()).toBe(
      readFileSync(path.join(path.dirname(harbourFile), 'harbour-rewards/logo.svg'), 'utf8'),
    );
    const font = await fetch(`${base}/brand-assets/typeface.woff2`);
    expect(font.headers.get('content-type')).toBe('font/woff2');
  });

  it('sends its emails in its name and colours', async () => {
    const email = 'harbour.member@example.com';
    const requested = await fetch(`${base}/nectar-lite/access-email`, {
      method: 'POST',
      headers: jsWeb,
      body: JSON.stringify({ email, termsAccepted: true, privacyAccepted: true }),
    });
    expect(requested.status).toBe(200);
    const outbox = (await (await fetch(`${base}/dev/outbox`)).json()) as {
      to: string;
      subject: string;
      text: string;
      html: string;
    }[];
    const mail = outbox.find((entry) => entry.to === email);
    expect(mail?.subject).toBe('Your temporary Harbour Rewards card');
    expect(mail?.text).toContain("Here's your temporary Harbour Rewards card.");
    expect(mail?.html).toContain('background:#0b5563');
    expect(mail?.html).toContain('>Harbour Rewards</td>');
    expect(mail?.html).toContain('Need help? Call 0306 999 0123 (Every day, 8am to 10pm).');
    expect(mail?.html).not.toContain('Nectar');
  });

  it("shows the identity provider's own pages in its name, colours and wordmark", async () => {
    const res = await fetch(`${base}/oauth2/auth?client_id=no-such-client&response_type=code&scope=openid`);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toMatch(/<title>[^<]+ \| Harbour Rewards<\/title>/);
    expect(html).toContain('header{background:#0b5563;');
    expect(html).toContain(
      '<img src="/brand-assets/logo.svg" width="192" height="62" alt="Harbour Rewards">',
    );
    expect(res.headers.get('content-security-policy')).toContain("img-src 'self'");
  });

  it('names its API reference after it', async () => {
    const openApi = (await (await fetch(`${base}/openapi.json`)).json()) as { info: { title: string } };
    expect(openApi.info.title).toBe('Harbour Rewards member website API');
  });
});
