/**
 * Linked partners and points conversions.
 * Each path is written once here; no zod in this file, so a page that imports it loads no schema.
 */
export const linkedPartnersPaths = {
  partners: '/linked-partners-api/partners',
  link: (partnerId: string) => `/linked-partners-api/partners/${partnerId}/link`,
  conversions: '/points-exchange-api/conversions',
  conversionCode: '/points-exchange-api/conversions/twofa',
  resendConversionCode: '/points-exchange-api/conversions/twofa/resend',
} as const;

/**
 * The hotels partner's session for the signed-in member (docs/product/signed-in-pages.md §S4;
 * docs/product/calls-and-errors.md §S7.4).
 */
export const HOTELS_SESSION_PATH = '/customer-management-api/customer/session/hotels';
/**
 * The response header for a hotels session (docs/product/calls-and-errors.md §S7, §S7.8): the hotels session
 * call answers its token in it, and a sign-in's answer carries it ('due') so the app fetches one at once (a
 * redirect or a preload).
 */
export const HOTELS_SESSION_HEADER = 'x-hotels-session';
