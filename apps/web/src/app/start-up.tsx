import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { StrictMode, startTransition, useLayoutEffect } from 'react';
import { analyticsPaths } from '@app/contracts/analytics-paths';
import { DEVICE_ID_HEADER } from '@app/contracts/http';
import { request, setDeviceId } from '../shared/http/client.ts';
import { readStored, writeStored } from '../shared/storage/storage.ts';
import { currentEnvironment, isSwitchOn, loadSwitches } from '../shared/switches/switches.ts';
import { App } from './app.tsx';
import { handleAuthResponses } from './auth-responses.ts';
import { followHotelsSessionHeader, startHotelsSession } from './hotels-session.ts';
import { createRouter, type AppRouter } from './router.tsx';

/** The app's render replaced the server's drawing of the page (if any): the page takes input. */
const takeInput = (root: HTMLElement) => {
  root.removeAttribute('data-prerendered');
  root.removeAttribute('inert');
};

function TakeInput({ root }: { root: HTMLElement }) {
  useLayoutEffect(() => takeInput(root), [root]);
  return null;
}

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

/** Framing (signed-in spec 4): shown in a foreign frame in production, break out and log an event. */
function breakOutOfForeignFrame() {
  if (window.top === window.self || currentEnvironment() !== 'production') return;
  void request(analyticsPaths.events, {
    method: 'POST',
    body: { type: 'framed', referrer: document.referrer.slice(0, 1000) },
  }).catch(() => undefined);
  if (window.top) window.top.location.href = window.location.href;
}

/** The device id header, when its switch is on (signed-in spec 7). */
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
 * The service worker of the offline card (issue 33, ADR 030): its code is loaded and it is registered after the
 * page's load, when the browser is idle, so it neither delays the first paint nor competes with the page's files.
 */
function startServiceWorkerLater() {
  void afterLoadAndIdle()
    .then(() => import('./service-worker.ts'))
    .then(({ startServiceWorker }) => startServiceWorker())
    .catch(() => undefined);
}

/** Start-up steps (signed-in spec 4, 9): switches, maintenance, framing, device id, router, 401 handling. */
export async function startUp(root: HTMLElement) {
  await loadSwitches();
  const reactRoot = createRoot(root);
  if (isSwitchOn('maintenance')) {
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
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  if (!root.hasAttribute('data-prerendered')) {
    reactRoot.render(app);
    return;
  }
  // The server sent a drawing of the page (issue 15): it stays until the app can show the whole route, then
  // the app's render replaces it in one step, and the page takes input.
  // Rendered as a transition, so that the work yields to input now and then.
  await routerReady(router);
  startTransition(() =>
    reactRoot.render(
      <>
        {app}
        <TakeInput root={root} />
      </>,
    ),
  );
}
