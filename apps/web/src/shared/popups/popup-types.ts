/** What a caller may pass to a popup: its own title or text (terms, how-to), data and callbacks. */
export type PopupProps = Record<string, unknown>;

/** Popup content types of signed-in spec 2.6. */
export const POPUP_TYPES = [
  'LOAD_OFFER',
  'LOAD_ALL_OFFERS',
  'GET_IN_TOUCH_FAQ',
  'FOOD_TNC',
  'NECTAR_PRICES_TNC',
  'BRAND_TNC',
  'VOUCHER_TNC',
  'NEW_USER_TNC',
  'COLLECTOR_RULES',
  'PRICES_TNC',
  'SP_TNC',
  'SP_PRIVACY_INFO',
  'SPEND_COLLECT',
  'VOUCHER_CODE_MODAL',
  'CATEGORIES_RADIO_GROUP',
  'CARD_NUMBER_HELP',
  'FEEDBACK_FORM',
  'PRICES_CATEGORY',
  'REMEMBERME_INFO_VIEW',
  'SAVED_OFFERS_FILTER',
  'SAVED_OFFERS_INSTRUCTION',
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

/** The terms popups and the document each shows when the caller passes no terms of its own. */
export const TERMS_DOCUMENTS: Partial<Record<PopupType, string>> = {
  COLLECTOR_RULES: 'collector-rules',
  NEW_USER_TNC: 'terms-of-use',
  SP_PRIVACY_INFO: 'registration/privacy-policy-short',
};
