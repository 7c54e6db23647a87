import { readStored, removeStored, STORAGE_KEYS, writeStored } from '../storage/storage.ts';

/**
 * The local session marker (signed-in spec 3, 4): the session-created date, stored on sign-in and cleared on
 * logout or a 401. It only picks the header's navigation; access to session routes is decided by the server.
 */
export const markSessionStarted = (now = new Date()) =>
  writeStored(STORAGE_KEYS.sessionCreatedDate, now.toISOString());
export const clearSessionMarker = () => removeStored(STORAGE_KEYS.sessionCreatedDate);
export const hasSessionMarker = () => readStored(STORAGE_KEYS.sessionCreatedDate) !== null;

const listeners = new Set<() => void>();
/** Lets the header follow sign-in and sign-out in this tab. */
export const onSessionMarkerChange = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
export const notifySessionMarkerChange = () => {
  for (const listener of listeners) listener();
};
