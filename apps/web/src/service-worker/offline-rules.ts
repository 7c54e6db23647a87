import { BRAND_ASSETS_PATH } from '@app/contracts/brand';
import { isApiPath } from '@app/contracts/api-prefixes';
import {
  APP_SHELL_PATH,
  isOfflineReadPath,
  SERVICE_WORKER_PATH,
  WEB_APP_MANIFEST_PATH,
} from '@app/contracts/offline';
import { pageAnswerKey } from '@app/contracts/page-answers';

/**
 * Which requests the service worker answers, and how (ADR 030). Kept apart from the worker so that they can be
 * tested without one. Everything not named here goes to the network as if there were no worker.
 */

/** The brand's images and typeface (ADR 028): the card page draws the card image, the header the wordmark. */
export const BRAND_ASSETS = ['logo.svg', 'card.svg', 'icon.svg', 'typeface.woff2'].map(
  (name) => `${BRAND_ASSETS_PATH}/${name}`,
);

/** A member's read that is kept for offline use (`OFFLINE_READS`): a GET of ours to one of those paths. */
export const isOfflineRead = (request: { method: string; url: string }, origin: string): boolean => {
  if (request.method !== 'GET') return false;
  const url = new URL(request.url);
  return url.origin === origin && isOfflineReadPath(url.pathname);
};

/**
 * The key a kept answer is filed under: the path and query without the cache buster the app adds to some reads
 * (the offers' `timestamp`), as for the answers in the page (ADR 020). Otherwise every visit would add a copy.
 */
export const offlineCopyKey = (url: string): string => {
  const parsed = new URL(url);
  return `${parsed.origin}${pageAnswerKey(`${parsed.pathname}${parsed.search}`)}`;
};

/** Paths that are never an app page, though a browser may open them: tools, the provider, files. */
const NOT_APP_PAGES = [
  '/oauth2',
  '/dev',
  '/docs',
  '/assets',
  '/licences',
  BRAND_ASSETS_PATH,
  SERVICE_WORKER_PATH,
  WEB_APP_MANIFEST_PATH,
  APP_SHELL_PATH,
];

/**
 * A page of the app, whose load the worker answers with the app shell when the network cannot (the app then
 * draws the page from what it kept). Online, the server's page is always used as it is.
 */
export const isAppPage = (pathname: string): boolean =>
  !isApiPath(pathname) &&
  !NOT_APP_PAGES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

/** A hashed file of the build: it never changes, so a kept copy is always right. */
export const isBuildFile = (url: URL, origin: string): boolean =>
  url.origin === origin && url.pathname.startsWith('/assets/');

export const isBrandAsset = (url: URL, origin: string): boolean =>
  url.origin === origin && url.pathname.startsWith(`${BRAND_ASSETS_PATH}/`);
