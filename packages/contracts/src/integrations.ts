/**
 * The third parties a page talks to, chosen by the operator's settings (docs/settings.md): the hotel
 * partner's two logout addresses, loaded on logout while the hotels-logout switch is on; the offer-tracking
 * address, sent a GET with each batch of offers seen; the marketing script and the social pixel. The last
 * three load only with the member's marketing consent (docs/product/signed-in-pages.md §S4;
 * docs/product/calls-and-errors.md §S7.5; docs/product/switches-and-constants.md §S9), and none loads when
 * its setting is empty. The server puts them into every page it serves as a data block; the app reads it at
 * start.
 */
export interface Integrations {
  hotelsLogoutUrls: string[];
  offerTrackingUrl?: string;
  marketingScriptUrl?: string;
  socialPixelUrl?: string;
}

/** The id of the data block with the integrations in every page the server sends. */
export const INTEGRATIONS_ELEMENT_ID = 'integrations';

/**
 * The sandbox hotel partner's logout addresses (docs/product/calls-and-errors.md §R7: 'two hotel logout
 * endpoints', paths not shown): served by our own server, the default of HOTELS_LOGOUT_URLS.
 */
export const SANDBOX_HOTELS_LOGOUT_PATHS = [
  '/partner-sandbox/hotels/logout',
  '/partner-sandbox/hotels/session/logout',
] as const;

/** The hotels session's cookie on the sandbox partner's paths, which its logout addresses clear. */
export const SANDBOX_HOTELS_SESSION_COOKIE = 'pianosessionhotels';

/** The query parameter that carries the seen offers' ids to the offer-tracking address (comma list). */
export const OFFER_TRACKING_PARAM = 'offerIds';
