import { SESSION_PRESENT_COOKIE } from '@app/contracts/session-paths';
import { readStored, removeStored, STORAGE_KEYS, writeStored } from '../storage/storage.ts';

/**
 * The local session marker (docs/product/signed-in-pages.md §S3, §S4): the session-created date, stored on
 * sign-in and cleared on logout or a 401. It only picks the header's navigation; access to session routes is
 * decided by the server.
 */
export const markSessionStarted = (now = new Date()) =>
  writeStored(STORAGE_KEYS.sessionCreatedDate, now.toISOString());
/** Whether the server's session-present cookie is set (contracts/session-paths.ts). */
const hasSessionCookie = () =>
  typeof document !== 'undefined' &&
  document.cookie.split(';').some((part) => part.trim() === `${SESSION_PRESENT_COOKIE}=1`);
export const clearSessionMarker = () => {
  removeStored(STORAGE_KEYS.sessionCreatedDate);
  if (typeof document !== 'undefined') document.cookie = `${SESSION_PRESENT_COOKIE}=; Path=/; Max-Age=0`;
};
/**
 * Signed in, as far as the app can tell (docs/product/signed-in-pages.md §S4): the local marker, or the
 * cookie that says the server set a session cookie (a session started outside this app's sign-in, or in a
 * browser whose storage was cleared). A 401 clears both.
 */
export const hasSessionMarker = () =>
  readStored(STORAGE_KEYS.sessionCreatedDate) !== null || hasSessionCookie();

const listeners = new Set<() => void>();
/** Lets the header follow sign-in and sign-out in this tab. */
export const onSessionMarkerChange = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
export const notifySessionMarkerChange = () => {
  for (const listener of listeners) listener();
};
