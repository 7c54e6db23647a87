import { SERVICE_WORKER_MESSAGES, SERVICE_WORKER_PATH } from '@app/contracts/offline';
import { hasSessionMarker, onSessionMarkerChange } from '../shared/session/session-marker.ts';
import { offerUpdate } from './app-update.ts';

/** An app left open (an installed app stays open for days) still learns of a release. */
const UPDATE_CHECK_MS = 60 * 60_000;

let registered = false;

/** Whether this page's own entry script is one the waiting worker keeps: the page already runs that release. */
async function runsWaitingRelease(
  messageSW: (worker: ServiceWorker, data: object) => Promise<unknown>,
): Promise<boolean> {
  const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src;
  const waiting = (await navigator.serviceWorker.getRegistration())?.waiting;
  if (!entry || !waiting) return false;
  const answer = await messageSW(waiting, { type: SERVICE_WORKER_MESSAGES.keepsFile, url: entry }).catch(
    () => undefined,
  );
  return Boolean(answer && typeof answer === 'object' && (answer as { kept?: unknown }).kept === true);
}

/**
 * Registers the service worker of the offline card (ADR 030), loaded after the page has loaded and the
 * browser is idle (start-up.tsx), so it never competes with the first paint. Only for members: a visitor gets no
 * worker (and downloads nothing for one) until they sign in on this device; a device that has one keeps it
 * updated, signed in or not, so that a visitor offline still gets the welcome page.
 */
export async function startServiceWorker() {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  if (hasSessionMarker() || (await navigator.serviceWorker.getRegistration())) {
    await register();
    return;
  }
  const stop = onSessionMarkerChange(() => {
    if (!hasSessionMarker()) return;
    stop();
    void register();
  });
}

async function register() {
  if (registered) return;
  registered = true;
  const { Workbox, messageSW } = await import('workbox-window');
  const workbox = new Workbox(SERVICE_WORKER_PATH);
  // A release's worker waits while this page runs the old one: the member is asked, never switched unseen. A page
  // that is already the new release (pages come from the network) lets the new worker take over without asking.
  workbox.addEventListener('waiting', () => {
    void runsWaitingRelease(messageSW).then((current) => {
      if (current) {
        workbox.messageSkipWaiting();
        return;
      }
      offerUpdate(() => {
        workbox.addEventListener('controlling', () => window.location.reload());
        workbox.messageSkipWaiting();
      });
    });
  });
  // A browser that refuses workers (a private window, a policy, an automated browser) runs the app without one.
  const registration = await workbox.register().catch(() => undefined);
  if (!registration) return;

  // This page's own reads came before the worker was in charge (a first visit): it fetches the card's reads
  // itself. Again after signing in, and at most every few minutes (the worker decides).
  const keepOfflineCopy = async () => {
    if (!hasSessionMarker()) return;
    const { active } = await navigator.serviceWorker.ready;
    if (active) await messageSW(active, { type: SERVICE_WORKER_MESSAGES.keepOfflineCopy });
  };
  void keepOfflineCopy().catch(() => undefined);
  onSessionMarkerChange(() => void keepOfflineCopy().catch(() => undefined));
  setInterval(() => {
    if (document.visibilityState === 'visible') void workbox.update().catch(() => undefined);
  }, UPDATE_CHECK_MS);
}
