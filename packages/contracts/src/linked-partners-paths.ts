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
