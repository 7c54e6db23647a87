import { CARD_NUMBER_PATHS } from '@app/contracts/sign-in-paths';

/**
 * Whether this page load is a card-number page without an identity interaction (`uid`): such a page only sends
 * the visitor to the identity provider (card-number-page.tsx). Small, for the entry (main.tsx).
 */
export const isSignInStart = (location: Pick<Location, 'pathname' | 'search'>): boolean =>
  (CARD_NUMBER_PATHS as readonly string[]).includes(location.pathname) &&
  !new URLSearchParams(location.search).get('uid');
