import { useSyncExternalStore } from 'react';

/**
 * A new version of the app is ready (ADR 030): the service worker of the new release has installed
 * and waits. The page offers it to the member (update-prompt.tsx) instead of swapping the app under them; the
 * action makes the new worker take over and reloads the page.
 */
let update: (() => void) | undefined;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/** Called by the service worker's registration (service-worker.ts) with the way to take the new version. */
export function offerUpdate(apply: () => void) {
  update = apply;
  notify();
}

/** "Later": the prompt goes; the new version starts when every tab of the app has been closed. */
export function dismissUpdate() {
  update = undefined;
  notify();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The way to take the new version, while one waits and the member has not put it off. */
export const useAppUpdate = () =>
  useSyncExternalStore(
    subscribe,
    () => update,
    () => undefined,
  );
