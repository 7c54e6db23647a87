/**
 * Offers, their states and previews (docs/product/calls-and-errors.md §S7.5).
 * Each path is written once here; no zod in this file, so a page that imports it loads no schema.
 */
export const offersPaths = {
  offer: (offerId: string) => `/offers-api/offers/${encodeURIComponent(offerId)}`,
  seen: '/offers-api/offers/seen',
  state: '/offers-api/offer/state',
  partnerState: '/offers-api/coalition/offer/state',
  partnerBookmark: (offerId: string) => `/offers-api/coalition/offer/${encodeURIComponent(offerId)}/bookmark`,
  preview: (jwtToken: string) => `/offers-api/preview/${encodeURIComponent(jwtToken)}`,
  memberPricesState: '/anonymous-platform-status-api/feature/detailed-states/NECTAR_PRICES',
} as const;
