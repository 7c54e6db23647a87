import { describe, expect, it } from 'vitest';
import { TRANSACTIONS_PAGE_SIZE } from '@app/contracts/activity';
import { API_PREFIXES } from '@app/contracts/api-prefixes';
import {
  APP_SHELL_PATH,
  FIRST_TRANSACTIONS_PATH,
  OFFLINE_CARD_PATH,
  OFFLINE_READS,
  SERVICE_WORKER_PATH,
  TRANSACTIONS_PATH,
  WEB_APP_MANIFEST_PATH,
} from '@app/contracts/offline';
import { ROUTES } from '@app/contracts/routes';
import { isAppPage, isBrandAsset, isBuildFile, isOfflineRead, offlineCopyKey } from './offline-rules.ts';

const ORIGIN = 'https://www.example.test';
const get = (path: string, origin = ORIGIN) => ({ method: 'GET', url: `${origin}${path}` });

describe('what the service worker keeps for offline use', () => {
  it("keeps the card page's reads: the session check, barcode, card, balance, activity and offers", () => {
    for (const read of OFFLINE_READS) expect(isOfflineRead(get(read), ORIGIN), read).toBe(true);
    expect(isOfflineRead(get(`${TRANSACTIONS_PATH}?pageSize=20&nextToken=abc`), ORIGIN)).toBe(true);
    expect(isOfflineRead(get('/offers-api/offers?type=ALL&timestamp=1790000000000'), ORIGIN)).toBe(true);
  });

  it('keeps nothing of sign-in, sessions, the identity provider, changes or another site', () => {
    for (const path of [
      '/session-api/session',
      '/oauth2/auth?client_id=web',
      '/oauth2/token',
      '/identity-api/v1/login',
      '/customer-management-api/v1/collectors/redemption-status',
      '/dev/outbox',
      '/bot-check/challenge',
    ])
      expect(isOfflineRead(get(path), ORIGIN), path).toBe(false);
    expect(isOfflineRead({ method: 'PUT', url: `${ORIGIN}/offers-api/offers?type=ALL` }, ORIGIN)).toBe(false);
    expect(isOfflineRead(get('/balance-api/balance', 'https://elsewhere.test'), ORIGIN)).toBe(false);
    for (const read of OFFLINE_READS)
      expect(read, 'an identity or session call').not.toMatch(/^\/(oauth2|identity-api|session-api|id)\b/);
  });

  it('files a kept answer without the cache buster, so a visit does not add a copy', () => {
    expect(offlineCopyKey(`${ORIGIN}/offers-api/offers?type=ALL&timestamp=1790000000000`)).toBe(
      `${ORIGIN}/offers-api/offers?type=ALL`,
    );
    expect(offlineCopyKey(`${ORIGIN}/balance-api/balance`)).toBe(`${ORIGIN}/balance-api/balance`);
  });

  it("asks for the activity's first page as the feed does", () => {
    expect(FIRST_TRANSACTIONS_PATH).toBe(`${TRANSACTIONS_PATH}?pageSize=${TRANSACTIONS_PAGE_SIZE}`);
  });
});

describe('the pages the service worker opens with no network', () => {
  it("opens every page of the route table, and the card page is a member's page", () => {
    for (const route of ROUTES.filter((entry) => !entry.catchAll))
      expect(isAppPage(route.path.replace(/:\w+/g, 'x')), route.path).toBe(true);
    expect(ROUTES.find((route) => route.path === OFFLINE_CARD_PATH)?.access).toBe('session');
  });

  it('never answers the API, the identity provider, tools or files with the app', () => {
    for (const prefix of API_PREFIXES) expect(isAppPage(`${prefix}/anything`), prefix).toBe(false);
    for (const path of [
      '/oauth2/auth',
      '/dev/session',
      '/docs',
      '/assets/index-abc.js',
      '/brand-assets/card.svg',
      '/licences/figtree-OFL.txt',
      SERVICE_WORKER_PATH,
      WEB_APP_MANIFEST_PATH,
      APP_SHELL_PATH,
    ])
      expect(isAppPage(path), path).toBe(false);
  });

  it('tells the build files and brand images of this site from others', () => {
    expect(isBuildFile(new URL(`${ORIGIN}/assets/card-activity-route-abc.js`), ORIGIN)).toBe(true);
    expect(isBuildFile(new URL('https://cdn.test/assets/x.js'), ORIGIN)).toBe(false);
    expect(isBrandAsset(new URL(`${ORIGIN}/brand-assets/card.svg`), ORIGIN)).toBe(true);
    expect(isBrandAsset(new URL(`${ORIGIN}/card/activity`), ORIGIN)).toBe(false);
  });
});
