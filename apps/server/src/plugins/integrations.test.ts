// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INTEGRATIONS_ELEMENT_ID,
  SANDBOX_HOTELS_LOGOUT_PATHS,
  type Integrations,
} from '@app/contracts/integrations';
import { readConfig } from '../env.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';

/** A web build's page, as the brand tests write one. */
const webDist = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'lc-web-integrations-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>x</title></head><body></body></html>',
  );
  return dir;
};
const blockOf = (html: string) =>
  JSON.parse(
    new RegExp(`<script type="application/json" id="${INTEGRATIONS_ELEMENT_ID}">([^<]*)</script>`).exec(
      html,
    )?.[1] ?? 'null',
  ) as Integrations | null;
const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `)) ?? '';

describe('third-party addresses from the settings', () => {
  it('reads them: the sandbox hotel logouts by default, the consent-bound ones off until set', () => {
    const base = { DATA_DIR: tmpdir() };
    expect(readConfig(base).integrations).toEqual({ hotelsLogoutUrls: [...SANDBOX_HOTELS_LOGOUT_PATHS] });
    expect(
      readConfig({ ...base, HOTELS_LOGOUT_URLS: '', OFFER_TRACKING_URL: '', MARKETING_SCRIPT_URL: ' ' })
        .integrations,
    ).toEqual({ hotelsLogoutUrls: [] });
    expect(() => readConfig({ ...base, MARKETING_SCRIPT_URL: 'javascript:alert(1)' })).toThrow(
      /MARKETING_SCRIPT_URL: must be an http\(s\) URL or a path starting with \//,
    );
  });

  describe('with every address set', () => {
    let t: TestApp;
    const set: Integrations = {
      hotelsLogoutUrls: ['https://hotels.example.com/logout', '/partner-sandbox/hotels/session/logout'],
      offerTrackingUrl: 'https://track.example.net/offers/seen',
      marketingScriptUrl: 'https://tags.example.org/marketing.js',
      socialPixelUrl: 'https://pixel.example.io/p.gif',
    };
    beforeAll(async () => {
      t = await buildTestApp(
        {
          HOTELS_LOGOUT_URLS: set.hotelsLogoutUrls.join(','),
          OFFER_TRACKING_URL: set.offerTrackingUrl ?? '',
          MARKETING_SCRIPT_URL: set.marketingScriptUrl ?? '',
          SOCIAL_PIXEL_URL: set.socialPixelUrl ?? '',
        },
        { webDistDir: webDist() },
      );
    });
    afterAll(async () => t.close());

    it('puts them into every page, and the CSP allows each origin only for what it does', async () => {
      const res = await t.app.inject({
        url: '/welcome',
        headers: { accept: 'text/html', host: new URL(t.config.publicUrl).host },
      });
      expect(res.statusCode).toBe(200);
      expect(blockOf(res.body)).toEqual(set);
      const csp = String(res.headers['content-security-policy']);
      expect(directive(csp, 'script-src')).toBe("script-src 'self' https://tags.example.org");
      expect(directive(csp, 'img-src')).toBe("img-src 'self' data: https://pixel.example.io");
      expect(directive(csp, 'connect-src')).toBe(
        "connect-src 'self' https://hotels.example.com https://track.example.net",
      );
    });

    it('the sandbox hotel partner’s logout addresses end its session cookie', async () => {
      for (const url of SANDBOX_HOTELS_LOGOUT_PATHS) {
        const res = await t.app.inject({ url, cookies: { pianosessionhotels: 'token' } });
        expect(res.statusCode).toBe(204);
        expect(String(res.headers['set-cookie'])).toMatch(
          /^pianosessionhotels=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970/,
        );
        expect(res.headers['cache-control']).toBe('no-store');
      }
    });
  });
});
