import { PENDING_SIGN_IN_COOKIE_NAMES, readPendingSignInValue } from '@app/contracts/sign-in-paths';
import { readStored, removeStored, writeStored } from '../storage/storage.ts';

/**
 * Identity state of docs/product/signed-in-pages.md §S3 (collectorId, next, ...) plus the pending
 * authorization request (PKCE verifier, state, interaction id). Kept in session storage: it lives for this
 * tab's sign-in only.
 */
export interface IdentityState {
  collectorId?: string;
  next?: string;
  /** The provider's interaction id for this sign-in. */
  uid?: string;
  verifier?: string;
  state?: string;
}

const KEY = 'identityState';

export const readIdentityState = (): IdentityState => {
  const raw = readStored(KEY, 'session');
  if (!raw) return {};
  try {
    const parsed = JSON.parse(raw) as unknown;
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return {};
  }
};

export const updateIdentityState = (changes: Partial<IdentityState>): IdentityState => {
  const next = { ...readIdentityState(), ...changes };
  writeStored(KEY, JSON.stringify(next), 'session');
  return next;
};

export const clearIdentityState = () => removeStored(KEY, 'session');

const cookieValue = (name: string) =>
  document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${name}=`))
    ?.slice(name.length + 1);

/**
 * The pending authorization request for the `state` the provider answered with, as this tab's identity state:
 * a sign-in this tab started is there already; one the server started (a card-number page's first load, ADR
 * 023) waits in a cookie named after the state, which is taken once, into this tab's state, and removed.
 */
export function takePendingSignIn(state: string | null): IdentityState {
  const stored = readIdentityState();
  if (!state || stored.state === state) return stored;
  for (const name of PENDING_SIGN_IN_COOKIE_NAMES(state)) {
    const pending = readPendingSignInValue(cookieValue(name));
    if (!pending) continue;
    const secure = name.startsWith('__Host-') ? '; Secure' : '';
    document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
    // No `next` in the cookie: the one this tab remembered holds, as for a sign-in the tab started.
    return updateIdentityState({
      state,
      verifier: pending.verifier,
      ...(pending.next && { next: pending.next }),
    });
  }
  return stored;
}
