import type { ComponentType } from 'react';

/** A lazy route module: a file that exports `Component` (see features/welcome/welcome-route.ts). */
export type LazyPage = () => Promise<{ Component: ComponentType }>;

/**
 * Page name (the `page` of a route in `@app/contracts/routes`) → its lazy route module. Each page is its own
 * chunk (DESIGN.md 7). To plug in a page: add one line here. A page without a line shows its title as a
 * placeholder, so every route of the table resolves to a named page from day one.
 */
export const pages: Partial<Record<string, LazyPage>> = {
  welcome: () => import('../features/welcome/welcome-route.ts'),
  'not-found': () => import('./not-found-route.ts'),
  'privacy-and-legal': () => import('../features/legal/privacy-and-legal-route.ts'),
  'sso-redirection': () => import('../features/sso-redirection/sso-redirection-route.ts'),
  'legal-collector-rules': () => import('../features/legal/legal-route.ts'),
  'legal-cookie-policy': () => import('../features/legal/legal-route.ts'),
  'legal-privacy-policy': () => import('../features/legal/legal-route.ts'),
  'legal-terms-of-use': () => import('../features/legal/legal-route.ts'),
  'legal-accessibility': () => import('../features/legal/legal-route.ts'),
  'legal-participating-companies': () => import('../features/legal/legal-route.ts'),
  'legal-staying-safe-online': () => import('../features/legal/legal-route.ts'),
  'legal-hotels-policy': () => import('../features/legal/legal-route.ts'),
  'legal-eshops-terms-and-conditions': () => import('../features/legal/legal-route.ts'),
  'legal-third-party-cookies': () => import('../features/legal/legal-route.ts'),
  'legal-rewards-conditions': () => import('../features/legal/legal-route.ts'),
  'legal-notifier-terms-of-service': () => import('../features/legal/legal-route.ts'),
  // Identity (issue 4) and temporary card (issue 6) pages: add their lines below.
  'id-login': () => import('../features/sign-in/card-number-route.ts'),
  'id-enter-card-number': () => import('../features/sign-in/card-number-route.ts'),
  'id-enter-collector-id': () => import('../features/registration/enter-collector-id-route.ts'),
  'id-app-enter-card-number': () => import('../features/sign-in/card-number-route.ts'),
  'id-enter-password': () => import('../features/sign-in/enter-password-route.ts'),
  'oauth-redirect': () => import('../features/sign-in/oauth-redirect-route.ts'),
  logout: () => import('../features/logout/logout-route.ts'),
  homepage: () => import('../features/offers/homepage-route.ts'),
  'offers-by-type': () => import('../features/offers/offers-by-type-route.ts'),
  partners: () => import('../features/offers/partner-offers-route.ts'),
  'brand-offers': () => import('../features/offers/partner-offers-route.ts'),
  'offer-card-preview': () => import('../features/offers/offer-preview-route.ts'),
  'hero-card-preview': () => import('../features/offers/offer-preview-route.ts'),
  'offer-details-preview': () => import('../features/offers/offer-preview-route.ts'),
  'how-to-get-prices': () => import('../features/member-prices/how-to-get-prices-route.ts'),
  'supermarket-offers': () => import('../features/offers/supermarket-offers-route.ts'),
  'offer-details-food': () => import('../features/offers/offer-details-route.ts'),
  'offer-details-prices': () => import('../features/offers/offer-details-route.ts'),
  'offer-details-brand': () => import('../features/offers/offer-details-route.ts'),
  'saved-offer-details-food': () => import('../features/offers/offer-details-route.ts'),
  'saved-offer-details-brand': () => import('../features/offers/offer-details-route.ts'),
  'two-factor-authentication': () => import('../features/sign-in/two-factor-route.ts'),
  'pending-reset-password': () => import('../features/password-reset/request-reset-route.ts'),
  'confirm-reset-password': () => import('../features/password-reset/confirm-reset-route.ts'),
  'id-sign-up': () => import('../features/temp-card/sign-up-route.ts'),
  'id-temp-card': () => import('../features/temp-card/temp-card-prompt-route.ts'),
  'id-temp-card-enter-email-address': () => import('../features/temp-card/enter-email-address-route.ts'),
  'id-temp-card-success': () => import('../features/temp-card/success-route.ts'),
  'temp-card-your-card': () => import('../features/temp-card/your-card-route.ts'),
  'id-nectar-card-check': () => import('../features/registration/card-check-route.ts'),
  'id-enter-email-address': () => import('../features/registration/enter-email-route.ts'),
  'id-check-email': () => import('../features/registration/check-email-route.ts'),
  'id-choose-an-account': () => import('../features/registration/choose-account-route.ts'),
  'id-customer-details': () => import('../features/registration/customer-details-route.ts'),
  'id-address': () => import('../features/registration/address-route.ts'),
  'id-phone-number': () => import('../features/registration/phone-number-route.ts'),
  'id-create-a-password': () => import('../features/registration/create-password-route.ts'),
  'id-terms': () => import('../features/registration/terms-route.ts'),
  'id-success': () => import('../features/registration/success-route.ts'),
  'id-verify-failed': () => import('../features/registration/verify-failed-route.ts'),
  'id-business-details': () => import('../features/registration/business-details-route.ts'),
  'id-get-business-offers': () => import('../features/registration/get-business-offers-route.ts'),
  'register-failed': () => import('../features/registration/register-failed-route.ts'),
  // Card, activity, spending and vouchers (issue 11): add their lines below.
  // Account management (issue 12): add their lines below.
  // Brands, eShops and linked partners (issue 13): add their lines below.
  // Help centre, feedback and the remaining routes (issue 14): add their lines below.
};
