import { hasSessionMarker } from '../../shared/session/session-marker.ts';
import { isSwitchOn, loadSwitches } from '../../shared/switches/switches.ts';
import { buildAuthorizationUrl, nextOfSignInStart } from './start-sign-in.ts';

/**
 * A card-number page entered without `uid` only starts the authorization request, and the provider sends the
 * visitor back with one (card-number-page.tsx). For a visitor without a session, in a window of their own and
 * outside maintenance, start-up does that before React and the app load, so the page they see (drawn from the
 * HTML) comes one load sooner (ADR 018). Answers false when the app must start as usual: a session
 * holder (start-up's hotels session), a frame (start-up's break-out), maintenance (its page), or a browser
 * that cannot start the request here (the app shows why).
 */
export async function startSignInBeforeApp(
  location: Pick<Location, 'search'> = window.location,
  go: (url: string) => void = (url) => window.location.assign(url),
): Promise<boolean> {
  if (hasSessionMarker() || window.top !== window.self) return false;
  await loadSwitches();
  if (isSwitchOn('maintenance')) return false;
  try {
    go(await buildAuthorizationUrl(nextOfSignInStart(new URLSearchParams(location.search))));
    return true;
  } catch {
    return false;
  }
}
