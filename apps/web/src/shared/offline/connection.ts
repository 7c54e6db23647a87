import { OFFLINE_COPY_HEADER } from '@app/contracts/offline';
import { pageAnswerKey } from '@app/contracts/page-answers';

/**
 * Whether the page is working from what this device kept (ADR 030): the browser says it has no
 * network, or an answer came from the service worker's copy (a weak signal: the browser thinks it is online,
 * the server does not answer). Each kept answer carries the time the server gave it, so a page can say "as of".
 */
export interface Connection {
  /** No network, or the newest answer was a kept copy (the network does not answer). */
  offline: boolean;
  /** Read path (without the cache buster) → when the server gave the copy the page shows. */
  copies: ReadonlyMap<string, Date>;
}

const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

let copies = new Map<string, Date>();
/** The newest answer came from a kept copy: the network does not answer, whatever the browser thinks. */
let lastFromCopy = false;
const offlineNow = () => browserOffline() || lastFromCopy;
let state: Connection = { offline: offlineNow(), copies };
const listeners = new Set<() => void>();

const update = () => {
  const next: Connection = { offline: offlineNow(), copies };
  if (next.offline === state.offline && next.copies === state.copies) return;
  state = next;
  for (const listener of listeners) listener();
};

/**
 * The http client reports every answer to a GET: a kept copy is noted with its time; an answer from the network
 * replaces the copy of its read, and shows that the network answers again.
 */
export function noteAnswer(path: string, response: Response) {
  const key = pageAnswerKey(path);
  const from = response.headers.get(OFFLINE_COPY_HEADER);
  const at = from ? new Date(from) : undefined;
  if (at && !Number.isNaN(at.getTime())) {
    copies = new Map(copies).set(key, at);
    lastFromCopy = true;
  } else {
    lastFromCopy = false;
    if (copies.has(key)) {
      copies = new Map(copies);
      copies.delete(key);
    }
  }
  update();
}

/** Whether the page shows some answer from a kept copy (then, back online, the page asks again). */
export const hasCopies = () => copies.size > 0;

/** Logging out: no copy is shown any more. */
export function forgetCopies() {
  copies = new Map();
  lastFromCopy = false;
  update();
}

/** Whether the page works from kept data now (read at the moment, whether or not anything listens). */
export const isOffline = offlineNow;

/** For useSyncExternalStore (use-connection.ts): the page's components follow the connection. */
export const subscribeToConnection = (listener: () => void) => {
  listeners.add(listener);
  if (listeners.size === 1) {
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    // The network may have changed while nothing listened.
    update();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    window.removeEventListener('online', update);
    window.removeEventListener('offline', update);
  };
};

/** The current connection, the same object until it changes. */
export const connectionState = (): Connection => state;

/** "14:05 on 3 June": when a kept copy is from, as a member reads it (en-GB, the device's time zone). */
export const formatCopyTime = (at: Date) =>
  `${at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })} on ${at.toLocaleDateString(
    'en-GB',
    { day: 'numeric', month: 'long' },
  )}`;
