/**
 * Sign-in's paths and the web client at the identity provider, without zod, so a first route's JS stays
 * small.
 */

/** The identity path prefix ({prefix} in docs/product/registration-and-sign-in.md §R2). */
export const IDENTITY_PREFIX = '/id/start';
/** Where a sign-in lands when no allow-listed `next` was given. */
export const DEFAULT_AFTER_SIGN_IN = '/homepage';
/**
 * The web app's own client at the identity provider (docs/product/calls-and-errors.md §S7.3, "External
 * login").
 */
export const WEB_CLIENT_ID = 'nectar-web';
export const OAUTH_REDIRECT_PATH = '/oauth_redirect';
export const LOGOUT_PATH = '/logout';
/**
 * Scope the web app asks for: 'openid offline' gives a refresh token (docs/product/calls-and-errors.md §R7).
 */
export const WEB_SCOPE = 'openid offline';
/** The identity provider's endpoints sit under this path on the same origin. */
export const OIDC_PATH = '/oauth2';
export const OIDC_AUTHORIZATION_PATH = `${OIDC_PATH}/auth`;
export const OIDC_END_SESSION_PATH = `${OIDC_PATH}/sessions/logout`;
/** Error code of the device 2FA step (docs/product/calls-and-errors.md §R8). */
export const DEVICE_2FA_ERROR_CODE = '141';

/**
 * Card-number sign-in, where the session guard and a 401 send a visitor
 * (docs/product/signed-in-pages.md §S4).
 */
export const SIGN_IN_PATH = `${IDENTITY_PREFIX}/login`;

/**
 * The card-number pages of sign-in (docs/product/registration-and-sign-in.md §R2: 'Enter your card number'):
 * entered without an identity interaction (`uid`), they start the authorization request.
 */
export const CARD_NUMBER_PATHS = [
  SIGN_IN_PATH,
  `${IDENTITY_PREFIX}/enter-card-number`,
  `${IDENTITY_PREFIX}/app-enter-card-number`,
] as const;

/**
 * The authorization request of the external login (docs/product/calls-and-errors.md §S7.3) for the app at
 * `origin`: audience, mission, client, redirect, code flow, scope 'openid offline', the S256 `challenge`,
 * `state`, platform web and action. Built by the browser (apps/web start-sign-in.ts), or by the server for a
 * card-number page's first load (apps/server sign-in-start.ts).
 */
export function authorizationUrl(origin: string, challenge: string, state: string): string {
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

/**
 * A sign-in the server started keeps its PKCE verifier and `next` in a cookie named after its state, for
 * /oauth_redirect to take once (ADR 023). Over https the name carries `__Host-`, so that no other host can plant
 * one; the page reads either name.
 */
export const PENDING_SIGN_IN_COOKIE_NAMES = (state: string) =>
  [`__Host-lc_sign_in_${state}`, `lc_sign_in_${state}`] as const;
/** As long as the provider keeps the interaction the sign-in started (its Interaction ttl). */
export const PENDING_SIGN_IN_MAX_AGE_SECONDS = 60 * 60;

export interface PendingSignIn {
  verifier: string;
  next?: string;
}

/** The cookie's value: the verifier (base64url, no dot), then `.` and the URI-encoded `next` when there is one. */
export const pendingSignInValue = ({ verifier, next }: PendingSignIn): string =>
  next ? `${verifier}.${encodeURIComponent(next)}` : verifier;

export function readPendingSignInValue(value: string | undefined): PendingSignIn | undefined {
  if (!value) return undefined;
  const dot = value.indexOf('.');
  const verifier = dot < 0 ? value : value.slice(0, dot);
  // A base64url verifier of RFC 7636's length (43 to 128; ours are 43, from 32 bytes).
  if (!/^[\w-]{43,128}$/.test(verifier)) return undefined;
  if (dot < 0) return { verifier };
  let next: string | undefined;
  try {
    next = safeNext(decodeURIComponent(value.slice(dot + 1)));
  } catch {
    next = undefined;
  }
  return next ? { verifier, next } : { verifier };
}

const NEXT_MAX_LENGTH = 512;

/**
 * `next` is honoured only for same-origin paths of the app (docs/product/registration-and-sign-in.md §R5:
 * redirect targets from the allow-list): one leading slash, no scheme, no backslash, no protocol-relative
 * `//host`, and never back into sign-in.
 */
export function safeNext(next: string | null | undefined): string | undefined {
  if (!next || next.length > NEXT_MAX_LENGTH) return undefined;
  if (!next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return undefined;
  // oxlint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(next)) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(next, 'https://app.invalid');
  } catch {
    return undefined;
  }
  if (parsed.origin !== 'https://app.invalid') return undefined;
  const path = parsed.pathname;
  if (
    path.startsWith(IDENTITY_PREFIX) ||
    path.startsWith(OIDC_PATH) ||
    path === OAUTH_REDIRECT_PATH ||
    path === LOGOUT_PATH
  ) {
    return undefined;
  }
  return `${path}${parsed.search}${parsed.hash}`;
}
