import type { QueryClient } from '@tanstack/react-query';
import { DEFAULT_AFTER_SIGN_IN, safeNext, type OauthSessionResponse } from '@app/contracts/sign-in';
import { markSessionStarted, notifySessionMarkerChange } from '../../shared/session/session-marker.ts';
import { removeStored, STORAGE_KEYS, writeStored } from '../../shared/storage/storage.ts';
import { clearIdentityState, readIdentityState } from '../../shared/identity/identity-state.ts';

/**
 * The web session exists: store the session-created date and first name (docs/product/signed-in-pages.md §S3,
 * §S4), forget the pending sign-in, and answer where to go (`next` when allow-listed, else /homepage).
 */
export function finishSignIn(answer: OauthSessionResponse, queryClient: QueryClient): string {
  const { next } = readIdentityState();
  clearIdentityState();
  markSessionStarted(new Date(answer.sessionCreatedAt));
  if (answer.firstName) writeStored(STORAGE_KEYS.firstName, answer.firstName);
  // The logged-in context is this member's now: a hash kept from an earlier one is fetched again.
  removeStored(STORAGE_KEYS.collectorHash);
  notifySessionMarkerChange();
  queryClient.removeQueries({ queryKey: ['profile'] });
  return safeNext(next) ?? DEFAULT_AFTER_SIGN_IN;
}
