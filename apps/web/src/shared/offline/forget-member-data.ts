import { MEMBER_DATA_CACHE, SERVICE_WORKER_MESSAGES } from '@app/contracts/offline';
import { forgetCopies } from './connection.ts';

/**
 * Nothing personal survives the session (ADR 030): deletes the service worker's copy of the member's
 * reads, and tells the worker, so that an answer still on its way is not kept afterwards. Called on logging out
 * (before and after the server ends the session) and on any 401. Works with or without a worker.
 */
export async function forgetMemberData() {
  forgetCopies();
  if (typeof navigator !== 'undefined')
    navigator.serviceWorker?.controller?.postMessage({ type: SERVICE_WORKER_MESSAGES.forgetMember });
  if (typeof caches === 'undefined') return;
  await caches.delete(MEMBER_DATA_CACHE).catch(() => false);
}
