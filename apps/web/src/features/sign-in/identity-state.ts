import { readStored, removeStored, writeStored } from '../../shared/storage/storage.ts';

/**
 * Identity state of the signed-in spec 3 (collectorId, next, ...) plus the pending authorization request
 * (PKCE verifier, state, interaction id). Kept in session storage: it lives for this tab's sign-in only.
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
    return parsed && typeof parsed === 'object' ? (parsed as IdentityState) : {};
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
