import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  IDENTITY_PREFIX,
  LOGOUT_PATH,
  OIDC_END_SESSION_PATH,
  WEB_CLIENT_ID,
  logoutResponseSchema,
  safeNext,
} from '@app/contracts/sign-in';
import { sessionPaths } from '@app/contracts/session-paths';
import { pushToDataLayer } from '../../shared/analytics/analytics.ts';
import { request } from '../../shared/http/client.ts';
import { loadHotelsLogouts } from '../../shared/integrations/integrations.ts';
import { forgetMemberData } from '../../shared/offline/forget-member-data.ts';
import { clearSessionMarker, notifySessionMarkerChange } from '../../shared/session/session-marker.ts';
import { readStored, removeStored, STORAGE_KEYS, writeStored } from '../../shared/storage/storage.ts';
import { isSwitchOn } from '../../shared/switches/switches.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import './logout.css';
import { Alert } from '../../shared/ui/alert.tsx';

/** Kept across the identity logout round trip: the state we sent and where to go afterwards. */
const PENDING_KEY = 'logoutPending';
const YEAR_IN_REVIEW_KEY = 'year-in-review';
const THIRD_PARTY_KEYS = ['pianoSession', 'autologin', 'rememberedId'];

interface Pending {
  state: string;
  next: string | null;
}

const randomState = () =>
  btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

/**
 * The three redirect outcomes of the logout screen (docs/product/registration-and-sign-in.md §R2): next →
 * card-number sign-in with next; otherwise /welcome.
 */
const finalDestination = (next: string | null) => {
  const safe = safeNext(next);
  return safe
    ? `${IDENTITY_PREFIX}/enter-card-number?${new URLSearchParams({ next: safe }).toString()}`
    : '/welcome';
};

/**
 * The logout screen (docs/product/registration-and-sign-in.md §R2, the logout paragraph): a spinner; clears
 * the session marker, the year-in-review id, third-party data, the stored collector hash and first name, the
 * profile context and the member's offline copy (ADR 030); removes the identities from the experiment agent;
 * with the hotels-logout switch on, loads the hotel partner's two logout addresses (HOTELS_LOGOUT_URLS); asks
 * the server to log out, which answers the oidcToken; then logs out at the identity provider with it and
 * comes back here to redirect. A failure shows an error.
 */
export function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  const run = useCallback(async () => {
    const params = new URLSearchParams(window.location.search);
    const pendingRaw = readStored(PENDING_KEY, 'session');
    const pending = pendingRaw ? (JSON.parse(pendingRaw) as Pending) : undefined;
    // Back from the identity provider's end-session: finish with the redirect.
    if (pending && params.get('state') === pending.state) {
      removeStored(PENDING_KEY, 'session');
      void navigate(finalDestination(pending.next), { replace: true });
      return;
    }
    const next = params.get('next');
    clearSessionMarker();
    removeStored(STORAGE_KEYS.collectorHash);
    removeStored(STORAGE_KEYS.firstName);
    removeStored(YEAR_IN_REVIEW_KEY);
    for (const key of THIRD_PARTY_KEYS) removeStored(key);
    queryClient.clear();
    notifySessionMarkerChange();
    // The experiment agent forgets who this browser was (docs/product/signed-in-pages.md §S4: identities
    // removed on logout).
    pushToDataLayer({ event: 'experiment.removeIdentities' });
    // The hotel partner's session in this browser ends too, while the switch is on
    // (docs/product/registration-and-sign-in.md §R2).
    if (isSwitchOn('hotelsLogout')) await loadHotelsLogouts();
    // The card, balance, offers and activity kept for offline use go now, and again once the server has ended
    // the session, so that no answer still on its way is left behind (ADR 030).
    await forgetMemberData();
    if (readStored('deleteAccountSuccess', 'session'))
      writeStored('deleteAccLogoutSuccess', 'true', 'session');

    if (!isSwitchOn('logoutRedirectToIdentityProvider')) {
      await request<void>(sessionPaths.session, { method: 'DELETE' }).catch(() => undefined);
      await forgetMemberData();
      void navigate(finalDestination(next), { replace: true });
      return;
    }
    try {
      const { oidcToken } = await request(sessionPaths.session, {
        schema: logoutResponseSchema,
        method: 'DELETE',
      });
      await forgetMemberData();
      if (!oidcToken) {
        void navigate(finalDestination(next), { replace: true });
        return;
      }
      const state = randomState();
      writeStored(PENDING_KEY, JSON.stringify({ state, next } satisfies Pending), 'session');
      const url = new URL(OIDC_END_SESSION_PATH, window.location.origin);
      url.search = new URLSearchParams({
        id_token_hint: oidcToken,
        client_id: WEB_CLIENT_ID,
        post_logout_redirect_uri: `${window.location.origin}${LOGOUT_PATH}`,
        state,
      }).toString();
      window.location.assign(url.toString());
    } catch {
      setFailed(true);
    }
  }, [navigate, queryClient]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void run();
  }, [run]);

  return (
    <main id="main" className="logout">
      {failed ? (
        <>
          <h1>Sorry, we couldn't log you out</h1>
          <Alert>Looks like something went wrong. Please try again later.</Alert>
          <Button
            onClick={() => {
              setFailed(false);
              void run();
            }}
          >
            Try again
          </Button>
        </>
      ) : (
        <Spinner size="large" label="Logging you out" />
      )}
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { LogoutPage as Component };
