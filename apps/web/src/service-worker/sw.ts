// The service worker (ADR 030): the card opens with no signal. Built by vite-plugin-pwa
// (injectManifest), which puts the list of files to keep where `self.__WB_MANIFEST` stands.
import type { WorkboxPlugin } from 'workbox-core/types';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  getCacheKeyForURL,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import { CHANNEL_HEADER, CHANNEL_VALUE } from '@app/contracts/http';
import {
  APP_SHELL_PATH,
  MEMBER_DATA_CACHE,
  OFFLINE_COPY_HEADER,
  OFFLINE_READS,
  SERVICE_WORKER_MESSAGES,
} from '@app/contracts/offline';
import { PROFILE_PATH } from '@app/contracts/page-answers';
import {
  BRAND_ASSETS,
  isAppPage,
  isBrandAsset,
  isBuildFile,
  isOfflineRead,
  offlineCopyKey,
} from './offline-rules.ts';

/*
 * The project has one TypeScript program with the DOM's types; a worker's own (WebWorker) would clash with them
 * in every other file. These are the few pieces of the worker's scope used here.
 */
interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface MessageEventLike extends ExtendableEventLike {
  data: unknown;
  ports: readonly MessagePort[];
}
interface ServiceWorkerScope {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEventLike) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
}
const worker = self as unknown as ServiceWorkerScope;
const origin = worker.location.origin;

/** Visited chunks beyond the kept ones, so that a page seen once also opens offline; hashed, so never stale. */
const BUILD_FILES_CACHE = 'build-files';
const BRAND_CACHE = 'brand-assets';
/** A kept copy younger than this is fresh enough: a page load does not fetch the member's reads twice. */
const FRESH_ENOUGH_MS = 5 * 60_000;
/**
 * On a weak signal (connected, nothing comes back), the kept answer comes after this long rather than a spinner
 * for the app's 30 s time-out. Long enough that a slow server online is still waited for: a copy after a change
 * (a spend) would show the old balance, though marked "as of".
 */
const NETWORK_TIMEOUT_S = 10;

/**
 * Bumped when the member logs out: an answer that was on its way before is not kept afterwards, so nothing of
 * theirs comes back into the cache that logging out deleted.
 */
let generation = 0;

const forgetMember = async () => {
  generation += 1;
  await caches.delete(MEMBER_DATA_CACHE);
};

/** The answer as it is kept: the same, with the time the server gave it. */
const stamped = async (response: Response, at = new Date()) => {
  const headers = new Headers(response.headers);
  headers.set(OFFLINE_COPY_HEADER, at.toISOString());
  return new Response(await response.blob(), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
};

/** The member's reads: a 200 is kept, stamped, under a key without the cache buster; a 401 forgets them all. */
const memberData: WorkboxPlugin = {
  requestWillFetch: async ({ request, state }) => {
    if (state) state.generation = generation;
    return request;
  },
  fetchDidSucceed: async ({ response }) => {
    if (response.status === 401) await forgetMember();
    return response;
  },
  cacheWillUpdate: async ({ response, state }) =>
    response.status === 200 && state?.generation === generation ? stamped(response) : null,
  cacheKeyWillBeUsed: async ({ request }) => offlineCopyKey(request.url),
};

// The app shell and the card page's files (listed by apps/web/offline-plugin.ts); older lists are removed.
precacheAndRoute((self as unknown as ServiceWorkerScope).__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  ({ request }) => isOfflineRead(request, origin),
  new NetworkFirst({
    cacheName: MEMBER_DATA_CACHE,
    networkTimeoutSeconds: NETWORK_TIMEOUT_S,
    plugins: [memberData],
  }),
);

registerRoute(
  ({ url }) => isBuildFile(url, origin),
  new CacheFirst({
    cacheName: BUILD_FILES_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 80, purgeOnQuotaError: true })],
  }),
);

registerRoute(({ url }) => isBrandAsset(url, origin), new StaleWhileRevalidate({ cacheName: BRAND_CACHE }));

// Pages come from the server whenever it answers (its drawing, the member's answers, the newest app); with no
// network, the kept app shell opens and the app draws the page from what was kept.
const pages = new NetworkOnly();
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === origin && isAppPage(url.pathname),
  async (options) => {
    try {
      return await pages.handle(options);
    } catch {
      return (await matchPrecache(APP_SHELL_PATH)) ?? Response.error();
    }
  },
);

// Every other page load of this origin (the identity provider's pages, an API call's redirect) is answered by the
// request navigation preload has already sent: left to the browser, it would be sent a second time, and the
// provider's resume address and a sign-in's code work once only.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === origin,
  async ({ event, request }) => {
    const preloaded: unknown = await (event as FetchEvent).preloadResponse.catch(() => undefined);
    return preloaded instanceof Response ? preloaded : fetch(request);
  },
);

/** Fetches what the card page shows, for a page whose own calls came before the worker was in charge. */
async function keepOfflineCopy() {
  const cache = await caches.open(MEMBER_DATA_CACHE);
  const profile = await cache.match(offlineCopyKey(new URL(PROFILE_PATH, origin).href));
  const keptAt = Date.parse(profile?.headers.get(OFFLINE_COPY_HEADER) ?? '');
  if (Date.now() - keptAt < FRESH_ENOUGH_MS) return;
  const started = generation;
  const answers = await Promise.all(
    OFFLINE_READS.map(async (read) => {
      const url = new URL(read, origin).href;
      const response = await fetch(url, {
        credentials: 'same-origin',
        headers: { accept: 'application/json', [CHANNEL_HEADER]: CHANNEL_VALUE },
      }).catch(() => undefined);
      return { url, response };
    }),
  );
  if (answers.some(({ response }) => response?.status === 401)) {
    await forgetMember();
    return;
  }
  if (generation !== started) return;
  const kept = await caches.open(MEMBER_DATA_CACHE);
  await Promise.all(
    answers.map(async ({ url, response }) => {
      if (response?.status === 200) await kept.put(offlineCopyKey(url), await stamped(response));
    }),
  );
}

/** The brand's images and typeface, for the card page offline (a brand without a typeface file has none). */
async function keepBrandAssets() {
  const cache = await caches.open(BRAND_CACHE);
  await Promise.all(
    BRAND_ASSETS.map(async (path) => {
      const response = await fetch(path).catch(() => undefined);
      if (response?.ok) await cache.put(path, response);
    }),
  );
}

worker.addEventListener('install', (event) => {
  event.waitUntil(keepBrandAssets());
});

worker.addEventListener('activate', (event) => {
  // The page that installed the worker is served by it from now on, and pages load from the network while the
  // worker starts (navigation preload), so that a page view does not wait for it.
  event.waitUntil(Promise.all([worker.clients.claim(), worker.registration.navigationPreload?.enable()]));
});

worker.addEventListener('message', (event) => {
  const type =
    event.data && typeof event.data === 'object' ? (event.data as { type?: unknown }).type : undefined;
  const reply = () => event.ports[0]?.postMessage({ done: type });
  if (type === SERVICE_WORKER_MESSAGES.keepsFile) {
    const url = (event.data as { url?: unknown }).url;
    event.ports[0]?.postMessage({ kept: typeof url === 'string' && getCacheKeyForURL(url) !== undefined });
  } else if (type === SERVICE_WORKER_MESSAGES.skipWaiting) {
    event.waitUntil(worker.skipWaiting());
  } else if (type === SERVICE_WORKER_MESSAGES.forgetMember) {
    event.waitUntil(forgetMember().then(reply));
  } else if (type === SERVICE_WORKER_MESSAGES.keepOfflineCopy) {
    event.waitUntil(
      keepOfflineCopy()
        .catch(() => undefined)
        .then(reply),
    );
  }
});
