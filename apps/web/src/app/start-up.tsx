import { createRoot, hydrateRoot, type ErrorInfo } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { StrictMode, startTransition, useLayoutEffect, type ReactNode } from 'react';
import { analyticsPaths } from '@app/contracts/analytics-paths';
import { DEVICE_ID_HEADER } from '@app/contracts/http';
import { request, setDeviceId } from '../shared/http/client.ts';
import { readStored, writeStored } from '../shared/storage/storage.ts';
import { currentEnvironment, isSwitchOn, loadSwitches } from '../shared/switches/switches.ts';
import { App } from './app.tsx';
import { handleAuthResponses } from './auth-responses.ts';
import { loadConsentBanner } from './layout.tsx';
import { followHotelsSessionHeader, startHotelsSession } from './hotels-session.ts';
import { createRouter, type AppRouter } from './router.tsx';

/** The app has hydrated (or replaced) the server's drawing of the page (if any): the page takes input. */
const takeInput = (root: HTMLElement) => {
  root.removeAttribute('data-prerendered');
  root.removeAttribute('inert');
};

/**
 * Around the app when it hydrates a drawing: no element of its own and one child, so that the tree (and the ids
 * `useId` gives) is the one the server drew.
 */
function TakeInput({ root, children }: { root: HTMLElement; children: ReactNode }) {
  useLayoutEffect(() => takeInput(root), [root]);
  return children;
}

/**
 * A drawing the app's first render does not match is drawn again by the app (React recovers on its own, as the
 * page was before ADR 045: slower, not broken). It is said in the console, with where, so that the drawing's
 * journeys fail on it (e2e/homepage-drawing.spec.ts).
 */
const HYDRATION_WARNING = 'Hydration mismatch: the app drew the page again.';
const reportHydrationError = (error: unknown, info: ErrorInfo) => {
  console.warn(HYDRATION_WARNING, error, info.componentStack ?? '');
};

/** Resolves once the router has loaded the first route's module (and run its loaders). */
const routerReady = (router: AppRouter) =>
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });

/**
 * Framing (docs/product/signed-in-pages.md §S4): shown in a foreign frame in production, break out and log an
 * event.
 */
function breakOutOfForeignFrame() {
  if (window.top === window.self || currentEnvironment() !== 'production') return;
  void request<void>(analyticsPaths.events, {
    method: 'POST',
    body: { type: 'framed', referrer: document.referrer.slice(0, 1000) },
  }).catch(() => undefined);
  if (window.top) window.top.location.href = window.location.href;
}

/** The device id header, when its switch is on (docs/product/calls-and-errors.md §S7). */
function applyDeviceIdWhenOn() {
  if (!isSwitchOn('deviceId')) return;
  let id = readStored(DEVICE_ID_HEADER);
  if (!id) {
    id = crypto.randomUUID();
    writeStored(DEVICE_ID_HEADER, id);
  }
  setDeviceId(id);
}

/** Resolves once the page has loaded and the browser has a moment with nothing else to do. */
const afterLoadAndIdle = () =>
  new Promise<void>((resolve) => {
    const idle = () =>
      'requestIdleCallback' in window
        ? requestIdleCallback(() => resolve(), { timeout: 10_000 })
        : setTimeout(resolve, 1000);
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });

/**
 * The service worker of the offline card (ADR 030): its code is loaded and it is registered after the
 * page's load, when the browser is idle, so it neither delays the first paint nor competes with the page's files.
 */
function startServiceWorkerLater() {
  void afterLoadAndIdle()
    .then(() => import('./service-worker.ts'))
    .then(({ startServiceWorker }) => startServiceWorker())
    .catch(() => undefined);
}

/**
 * Start-up steps (docs/product/signed-in-pages.md §S4, docs/product/switches-and-constants.md §S9): switches,
 * maintenance, framing, device id, router, 401 handling.
 */
export async function startUp(root: HTMLElement) {
  await loadSwitches();
  if (isSwitchOn('maintenance')) {
    const reactRoot = createRoot(root);
    const { MaintenancePage } = await import('./maintenance-page.tsx');
    flushSync(() => reactRoot.render(<MaintenancePage />));
    takeInput(root);
    return;
  }
  breakOutOfForeignFrame();
  applyDeviceIdWhenOn();
  const router = createRouter(isSwitchOn);
  handleAuthResponses(router, isSwitchOn);
  // A failed hotels session must not stop the app: the member can still use everything else.
  startHotelsSession((to, options) => router.navigate(to, options)).catch(() => undefined);
  followHotelsSessionHeader((to, options) => router.navigate(to, options));
  startServiceWorkerLater();
  if (!root.hasAttribute('data-prerendered')) {
    createRoot(root).render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
    return;
  }
  // The server sent a drawing of the page (ADR 018), made by the same components (prerender.tsx): once the
  // route's modules are in and its loaders have filled the queries from the page's answers, the app's first
  // render is that drawing, and it hydrates it instead of drawing it again (ADR 045). As a transition, so
  // that the work is cut into short tasks and input gets in between; the page takes input once it is done.
  await Promise.all([routerReady(router), loadConsentBanner()]);
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <TakeInput root={root}>
          <App router={router} />
        </TakeInput>
      </StrictMode>,
      { onRecoverableError: reportHydrationError },
    );
  });
}
