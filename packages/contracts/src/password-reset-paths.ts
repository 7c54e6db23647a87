/**
 * The password-reset calls (signed-in spec 7.4): the emailed link, its check and the new password.
 * Each path is written once here; no zod in this file, so a page that imports it loads no schema.
 */
export const passwordResetPaths = {
  request: '/customer-management-api/credentials/password/reset',
  checkLink: '/customer-management-api/credentials/password/check-link',
  password: '/customer-management-api/credentials/password',
} as const;
