/** What a caller may pass to a popup: its own title or text (terms, how-to), data and callbacks. */
export type PopupProps = Record<string, unknown>;

/** Popup content types of docs/product/signed-in-pages.md §S2.6. */
export const POPUP_TYPES = [
  'FOOD_TNC',
  'NECTAR_PRICES_TNC',
  // The member-price catalogue's terms (ADR 038).
  'PRICES_TNC',
  'BRAND_TNC',
  'VOUCHER_CODE_MODAL',
  'CARD_NUMBER_HELP',
  // Sliding popups.
  'SCAN_CARD',
  'HOW_TO_USE_CARD',
  'TRANSACTIONS',
  'REDEMPTION_HELP',
] as const;
export type PopupType = (typeof POPUP_TYPES)[number];

export const SLIDING_POPUP_TYPES: readonly PopupType[] = [
  'SCAN_CARD',
  'HOW_TO_USE_CARD',
  'TRANSACTIONS',
  'REDEMPTION_HELP',
];
