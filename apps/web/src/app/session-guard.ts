import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunction } from 'react-router';
import { signInPathFor } from '@app/contracts/routes';
import { HttpError } from '../shared/http/client.ts';
import { isOffline } from '../shared/offline/connection.ts';
import { rememberCollectorHash } from '../shared/session/collector-hash.ts';
import {
  clearSessionMarker,
  hasSessionMarker,
  markSessionStarted,
  notifySessionMarkerChange,
} from '../shared/session/session-marker.ts';

/**
 * The loader in front of every session route (docs/product/signed-in-pages.md §S2.1, §S4): it asks the server
 * (the profile call answers 401 without a live session), never local storage alone. Without a session the
 * visitor goes to card-number sign-in with `next` set to this path. Offline, the service worker answers from
 * the member's kept copy (ADR 030); without one, the visitor goes to the welcome page.
 */
export const createSessionGuard =
  (
    getQueryClient: () => Promise<QueryClient> = () =>
      import('../shared/query/query-client.ts').then((module) => module.queryClient),
  ): LoaderFunction =>
  async ({ request }) => {
    const url = new URL(request.url);
    // Loaded on the first session route only: a visitor's first page does not need the query library.
    const [queryClient, { profileQueryOptions }] = await Promise.all([
      getQueryClient(),
      import('../shared/session/get-profile.ts'),
    ]);
    try {
      await queryClient.fetchQuery(profileQueryOptions());
    } catch (error) {
      if (error instanceof HttpError && error.status === 401) {
        clearSessionMarker();
        notifySessionMarkerChange();
        queryClient.removeQueries({ queryKey: profileQueryOptions().queryKey });
        throw redirect(signInPathFor(`${url.pathname}${url.search}`));
      }
      // No network and nothing kept on this device (never signed in here, or logged out since): the public
      // welcome page, which says that the device is offline (ADR 030).
      if (error instanceof HttpError && error.status === 0 && isOffline()) throw redirect('/welcome');
      throw error;
    }
    if (!hasSessionMarker()) {
      markSessionStarted();
      notifySessionMarkerChange();
    }
    // The rest of the logged-in context, beside the page (it never holds the page up).
    void rememberCollectorHash();
    return null;
  };
