// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIRECTS, ROUTES, resolvePath } from '@app/contracts/routes';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const sample = (pattern: string) => pattern.replace(/:(\w+)/g, 'sample-$1').replace(/\*$/, 'anything/here');
/** Hosts by environment: localhost has every switch of the table's local column; an unknown host none. */
const LOCAL = 'localhost';
const NO_ENVIRONMENT = 'unknown.example';

describe('page requests answered from the route table', () => {
  it('answers every route of the table with 200 and the app', async () => {
    for (const route of ROUTES.filter((entry) => !entry.catchAll && !entry.switch)) {
      for (const host of [LOCAL, NO_ENVIRONMENT]) {
        const res = await t.app.inject({ url: sample(route.path), headers: { host } });
        expect(res.statusCode, `${route.path} on ${host}`).toBe(200);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.body).toContain('<div id="root">');
      }
    }
  });

  it('answers every redirect with a 301 to its final target, keeping the query where it should', async () => {
    for (const redirect of REDIRECTS) {
      const res = await t.app.inject({
        url: `${sample(redirect.from)}?next=%2Fhelp`,
        headers: { host: LOCAL },
      });
      const expected = resolvePath(sample(redirect.from), '?next=%2Fhelp', () => true);
      expect(res.statusCode, redirect.from).toBe(301);
      expect(res.headers.location).toBe(expected.kind === 'redirect' ? expected.location : undefined);
    }
    const login = await t.app.inject('/login?next=%2Faccount');
    expect(login.headers.location).toBe('/id/start/login?next=%2Faccount');
    const saved = await t.app.inject('/offers-saved?filter=x&utm=1');
    expect(saved.headers.location).toBe('/offers/sainsburys?filter=bonus&utm=1');
    const checkout = await t.app.inject('/brands/checkout/basket?x=1');
    expect(checkout.headers.location).toBe('/brands');
  });

  it('answers unknown paths with 404 and the app, which shows its not-found page', async () => {
    for (const url of ['/no/such/page', '/id/start/no-such-step', '/account/nope/deeper']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('answers a switch-gated route 200 with its switch on and 404 with it off', async () => {
    const gated = [
      '/nectar-business',
      '/nectar-business/partners',
      '/activity/receipt/r-1',
      '/delete-account',
    ];
    for (const url of gated) {
      expect((await t.app.inject({ url, headers: { host: LOCAL } })).statusCode, url).toBe(200);
      expect((await t.app.inject({ url, headers: { host: NO_ENVIRONMENT } })).statusCode, url).toBe(404);
    }
    // Digital receipts: on in local and pre-production, off in production.
    const receipt = '/activity/receipt/r-1';
    expect((await t.app.inject({ url: receipt, headers: { host: 'stg.nectar.com' } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: receipt, headers: { host: 'www.nectar.com' } })).statusCode).toBe(404);
  });

  it('turns gated routes on by the URL list or the remembered cookie', async () => {
    const host = 'www.nectar.com';
    const url = '/activity/receipt/r-1';
    expect(
      (await t.app.inject({ url: `${url}?switches=digitalReceipts`, headers: { host } })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ url, headers: { host }, cookies: { lc_switches: 'cms,digitalReceipts' } }))
        .statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url, headers: { host }, cookies: { lc_switches: 'cms' } })).statusCode).toBe(
      404,
    );
  });

  it('answers 404 JSON, never the app, under the service prefixes the spec defines without paths', async () => {
    for (const prefix of [
      '/partner-integration-api',
      '/event-tracker-api',
      '/offer-tracking-api',
      '/rewards-api',
      '/lifecycle-api',
      '/marketing-documents-api',
      '/c/api',
    ]) {
      const res = await t.app.inject(`${prefix}/anything`);
      expect(res.statusCode, prefix).toBe(404);
      expect(res.headers['content-type'], prefix).toContain('application/json');
    }
  });

  it('keeps API paths out of the page table', async () => {
    const res = await t.app.inject('/documents-api/no-such-thing-at-all/deeper');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });
});
