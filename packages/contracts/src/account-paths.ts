import { PROFILE_PATH } from './page-answers.ts';

/**
 * customer-management-api and identity-api calls of the account pages
 * (docs/product/calls-and-errors.md §S7.4).
 * Each path is written once here; no zod in this file, so a page that imports it loads no schema.
 */
export const accountPaths = {
  customer: PROFILE_PATH,
  name: '/customer-management-api/customer',
  address: '/customer-management-api/customer-address',
  /** GET masked address (docs/product/calls-and-errors.md §S7.4; the path is ours, ADR 037). */
  maskedAddress: '/customer-management-api/customer/address/masked',
  addressLookup: '/customer-management-api/address-lookup',
  email: '/customer-management-api/customer/v2/email',
  /**
   * The member's pseudonymous id (hashID), fetched for the logged-in context
   * (docs/product/calls-and-errors.md §S7).
   */
  collectorHash: '/customer-management-api/collector-hash',
  confirmEmail: '/customer-management-api/customer/v3/email',
  verifyEmail: '/customer-management-api/verify-email',
  mobile: '/customer-management-api/customer/mobile',
  password: '/customer-management-api/credentials/password',
  codeOptions: '/customer-management-api/2fa/options',
  sendCode: '/customer-management-api/2fa/send',
  verifyCode: '/customer-management-api/2fa/verify',
  contactPreferences: '/customer-management-api/contact-preferences/nectar',
  advertisingPreference: '/customer-management-api/contact-preferences/cpm',
  onlineAdvertisingPreference: '/customer-management-api/contact-preferences/cpm?channel=ONLINEAD',
  redemptionStatus: '/customer-management-api/v1/collectors/redemption-status',
  missingInformation: '/customer-management-api/missing-information',
  close: '/customer-management-api/customer/close',
  unsubscribeRequest: '/customer-management-api/unsubscribe/request',
  unsubscribeUpdate: '/customer-management-api/unsubscribe/update',
  sessions: '/customer-management-api/account/sessions',
  signOutOthers: '/customer-management-api/account/sessions/sign-out-others',
  signOutSession: (sessionId: string) =>
    `/customer-management-api/account/sessions/${encodeURIComponent(sessionId)}/sign-out`,
  events: '/customer-management-api/account/events',
  connectedApps: '/identity-api/connected-apps',
  connectedApp: (clientId: string) => `/identity-api/connected-apps/${encodeURIComponent(clientId)}`,
} as const;
