import { resolvePath, signInPathFor, type IsSwitchOn } from '@app/contracts/routes';
import { onResponse } from '../shared/http/client.ts';
import { isAllowedRedirect } from '../shared/navigation/allowed-redirect.ts';
import { forgetMemberData } from '../shared/offline/forget-member-data.ts';
import { clearSessionMarker, notifySessionMarkerChange } from '../shared/session/session-marker.ts';

interface Navigator {
  navigate: (to: string, options?: { replace?: boolean }) => unknown;
  state: { location: { pathname: string; search: string } };
}

/**
 * The session-upgrade answer: 400 with code 57 and error code DN57 (docs/product/calls-and-errors.md §R8,
 * §S8).
 */
export interface SessionUpgrade {
  loginUrl: string;
  token: string;
}
export function sessionUpgradeOf(status: number, body: unknown): SessionUpgrade | undefined {
  if (status !== 400 || !body || typeof body !== 'object') return undefined;
  const { code, errorCode, loginUrl, token } = body as Record<string, unknown>;
  if (String(code) !== '57' || errorCode !== 'DN57') return undefined;
  if (typeof loginUrl !== 'string' || typeof token !== 'string') return undefined;
  return { loginUrl, token };
}

/**
 * The app's answer to 401 and DN57 (docs/product/signed-in-pages.md §S4): a 401 clears the session-created
 * date and the member's offline copy and, on a session page (or the root), goes to card-number sign-in with
 * `next`; DN57 hands over to identity with the response's login url and token.
 */
export function handleAuthResponses(router: Navigator, isOn: IsSwitchOn) {
  return onResponse((response, body, options) => {
    if (response.status === 401) {
      clearSessionMarker();
      notifySessionMarkerChange();
      // The session has ended: nothing of the member stays on the device for offline use (ADR 030).
      void forgetMemberData();
      // A caller that handles its own 401 (the session guard's profile fetch) must not have its query removed
      // under it: that cancels the fetch and the guard sees a cancellation instead of the 401.
      if (options.redirectOnUnauthorized === false) return;
      void import('../shared/query/query-client.ts').then(({ queryClient }) =>
        queryClient.removeQueries({ queryKey: ['profile'] }),
      );
      const { pathname, search } = router.state.location;
      const here = resolvePath(pathname, search, isOn);
      const onSessionPage = here.kind === 'page' && here.route.access === 'session';
      if (onSessionPage || pathname === '/')
        void router.navigate(signInPathFor(`${pathname}${search}`), { replace: true });
      return;
    }
    const upgrade = sessionUpgradeOf(response.status, body);
    if (upgrade && isAllowedRedirect(upgrade.loginUrl)) {
      const target = new URL(upgrade.loginUrl, window.location.origin);
      target.searchParams.set('token', upgrade.token);
      window.location.assign(target.toString());
    }
  });
}
