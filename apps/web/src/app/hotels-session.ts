import type { hotelsSessionSchema } from '@app/contracts/linked-partners';
import { HOTELS_SESSION_HEADER, HOTELS_SESSION_PATH } from '@app/contracts/linked-partners-paths';
import { onResponse, request, type AnswerOf } from '../shared/http/client.ts';
import { isAllowedRedirect } from '../shared/navigation/allowed-redirect.ts';
import { hasSessionMarker } from '../shared/session/session-marker.ts';

/** Pages where start-up leaves the hotels session alone (docs/product/signed-in-pages.md §S4). */
const SKIPPED_PATHS = ['/logout', '/oauth_redirect'];

/**
 * Start-up step (docs/product/signed-in-pages.md §S4): for a session holder, fetch a hotels session; when a
 * redirect was asked for (`?redirect=`) to an allowed address, go to the redirect page with token and target;
 * otherwise the call itself preloads the hotels session.
 */
export async function startHotelsSession(
  navigate: (to: string, options?: { replace?: boolean }) => unknown,
  location: Pick<Location, 'pathname' | 'search'> = window.location,
): Promise<void> {
  if (!hasSessionMarker() || SKIPPED_PATHS.includes(location.pathname)) return;
  await fetchHotelsSession(navigate, location);
}

/** The hotels session: the redirect page when an allowed `?redirect=` asks for it, else a preload. */
async function fetchHotelsSession(
  navigate: (to: string, options?: { replace?: boolean }) => unknown,
  location: Pick<Location, 'pathname' | 'search'>,
) {
  const target = new URLSearchParams(location.search).get('redirect');
  if (target && isAllowedRedirect(target) && /^https?:/.test(target)) {
    // Unparsed: the first route loads no zod (ADR 048); the type is the contract's
    // (AnswerOf<typeof hotelsSessionSchema>).
    const { redirectUrl } = await request<AnswerOf<typeof hotelsSessionSchema>>(
      `${HOTELS_SESSION_PATH}?${new URLSearchParams({ redirect: target }).toString()}`,
      { redirectOnUnauthorized: false },
    );
    if (redirectUrl) await navigate(redirectUrl, { replace: true });
    return;
  }
  // A preload: the answer is not read (the session is the call itself).
  await request<void>(HOTELS_SESSION_PATH, { redirectOnUnauthorized: false });
}

/**
 * A response that says a hotels session is due (its header, on a sign-in's answer:
 * docs/product/calls-and-errors.md §S7) fetches one at once, wherever the app is: a redirect or a preload.
 * The hotels session call's own answer is left alone.
 */
export function followHotelsSessionHeader(
  navigate: (to: string, options?: { replace?: boolean }) => unknown,
  location: Pick<Location, 'pathname' | 'search'> = window.location,
) {
  return onResponse((response) => {
    if (!response.headers.get(HOTELS_SESSION_HEADER) || response.url.includes(HOTELS_SESSION_PATH)) return;
    fetchHotelsSession(navigate, location).catch(() => undefined);
  });
}
