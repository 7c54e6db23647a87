import {
  OAUTH_REDIRECT_PATH,
  OIDC_AUTHORIZATION_PATH,
  WEB_CLIENT_ID,
  WEB_SCOPE,
  safeNext,
} from '@app/contracts/sign-in-paths';
import { readIdentityState, updateIdentityState } from './identity-state.ts';

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

const randomBase64url = (length: number) => base64url(crypto.getRandomValues(new Uint8Array(length)));

/**
 * The external login of signed-in spec 7.3: a browser redirect to the identity provider with audience,
 * mission, client, redirect, code flow, scope 'openid offline', an S256 challenge of a random 32-byte
 * verifier, state, platform web and action. The verifier and state stay in this tab for /oauth_redirect.
 */
export async function buildAuthorizationUrl(next: string | undefined): Promise<string> {
  const verifier = randomBase64url(32);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  const challenge = base64url(new Uint8Array(digest));
  const state = randomBase64url(16);
  updateIdentityState({ verifier, state, next, uid: undefined });
  const { origin } = window.location;
  const url = new URL(OIDC_AUTHORIZATION_PATH, origin);
  url.search = new URLSearchParams({
    audience: origin,
    mission: 'login',
    client_id: WEB_CLIENT_ID,
    redirect_uri: `${origin}${OAUTH_REDIRECT_PATH}`,
    response_type: 'code',
    scope: WEB_SCOPE,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    platform: 'web',
    action: 'login',
  }).toString();
  return url.toString();
}

export async function startSignIn(next: string | undefined): Promise<void> {
  window.location.assign(await buildAuthorizationUrl(next));
}

/** Where a sign-in started without an identity interaction returns: `next` when allowed, else the remembered one. */
export const nextOfSignInStart = (params: URLSearchParams): string | undefined =>
  safeNext(params.get('next')) ?? readIdentityState().next;
