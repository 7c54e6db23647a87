/**
 * The password-reset calls (docs/product/calls-and-errors.md §S7.4): the emailed link, its check, the new
 * password, and the reset by card number.
 * Each path is written once here; no zod in this file, so a page that imports it loads no schema.
 */
export const passwordResetPaths = {
  request: '/customer-management-api/credentials/password/reset',
  checkLink: '/customer-management-api/credentials/password/check-link',
  password: '/customer-management-api/credentials/password',
  /**
   * The reset by card number (docs/product/calls-and-errors.md §S7.4): a link to the card's email, or a code
   * by email or SMS.
   */
  resetWithId: '/customer-management-api/credentials/password/resetWithId',
  deliveryOptions: '/customer-management-api/2fa/get-delivery-options',
  sendCode: (id: string) => `/customer-management-api/2fa/send/${encodeURIComponent(id)}`,
  verifyCode: '/customer-management-api/credentials/password/verify-2fa',
} as const;
