import { createHash, randomBytes } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import {
  CARD_NUMBER_PATHS,
  PENDING_SIGN_IN_COOKIE_NAMES,
  PENDING_SIGN_IN_MAX_AGE_SECONDS,
  authorizationUrl,
  pendingSignInValue,
  safeNext,
} from '@app/contracts/sign-in-paths';

export interface SignInStart {
  location: string;
  cookie: { name: string; value: string; options: CookieSerializeOptions };
}

/**
 * A card-number page without `uid`, for a visitor without a session: the page only starts the authorization
 * request (apps/web card-number-page.tsx). A session holder gets the app, which checks the session first.
 */
export const isSignInStartPage = (pathname: string, search: string, hasSessionCookie: boolean): boolean =>
  (CARD_NUMBER_PATHS as readonly string[]).includes(pathname) &&
  !new URLSearchParams(search).get('uid') &&
  !hasSessionCookie;

/**
 * Whether the server starts that sign-in itself (ADR 023): a top-level visit (`Sec-Fetch-Dest: document`; a
 * frame gets the app, which breaks out of it), at the address the provider returns to, not under maintenance
 * (the app shows its page). Anything else keeps the app's own start (apps/web start-before-app.ts).
 */
export const startsSignInOnServer = (
  request: FastifyRequest,
  options: { publicUrl: string; maintenance: boolean },
): boolean =>
  request.method === 'GET' &&
  request.headers['sec-fetch-dest'] === 'document' &&
  request.host === new URL(options.publicUrl).host &&
  !options.maintenance;

/**
 * The start of the external login (docs/product/calls-and-errors.md §S7.3) as the browser would make it
 * (apps/web start-sign-in.ts): a random 32-byte PKCE verifier with its S256 challenge and a random state. The
 * verifier and the allowed `next` wait in a cookie named after the state, which /oauth_redirect takes once.
 */
export function startSignIn(publicUrl: string, search: string): SignInStart {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const state = randomBytes(16).toString('base64url');
  const secure = publicUrl.startsWith('https://');
  const [hostOnly, plain] = PENDING_SIGN_IN_COOKIE_NAMES(state);
  const next = safeNext(new URLSearchParams(search).get('next'));
  return {
    location: authorizationUrl(new URL(publicUrl).origin, challenge, state),
    cookie: {
      name: secure ? hostOnly : plain,
      value: pendingSignInValue({ verifier, next }),
      // Read by the page's script at /oauth_redirect, so not HttpOnly; __Host- over https keeps it to this host.
      options: {
        path: '/',
        maxAge: PENDING_SIGN_IN_MAX_AGE_SECONDS,
        sameSite: 'lax',
        secure,
        httpOnly: false,
        // pendingSignInValue is already cookie-safe: written as it is, so the page reads what it expects.
        encode: (value) => value,
      },
    },
  };
}
