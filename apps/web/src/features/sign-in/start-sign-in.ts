import { authorizationUrl, safeNext } from '@app/contracts/sign-in-paths';
import { readIdentityState, updateIdentityState } from '../../shared/identity/identity-state.ts';

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

const randomBase64url = (length: number) => base64url(crypto.getRandomValues(new Uint8Array(length)));

/**
 * The external login of docs/product/calls-and-errors.md §S7.3 (authorizationUrl) with an S256 challenge of a
 * random 32-byte verifier and a random state. The verifier and state stay in this tab for /oauth_redirect.
 */
export async function buildAuthorizationUrl(next: string | undefined): Promise<string> {
  const verifier = randomBase64url(32);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  const state = randomBase64url(16);
  updateIdentityState({ verifier, state, next, uid: undefined });
  return authorizationUrl(window.location.origin, base64url(new Uint8Array(digest)), state);
}

export async function startSignIn(next: string | undefined): Promise<void> {
  window.location.assign(await buildAuthorizationUrl(next));
}

/** Where a sign-in started without an identity interaction returns: `next` when allowed, else the remembered one. */
export const nextOfSignInStart = (params: URLSearchParams): string | undefined =>
  safeNext(params.get('next')) ?? readIdentityState().next;
