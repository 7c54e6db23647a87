import { createElement, type ComponentType } from 'react';
import type { LoaderFunction } from 'react-router';

/**
 * A lazy route module: a module that exports `Component` (React Router's name), and may export a `loader` that
 * runs beside the session guard. Most are the feature's page module itself (features/welcome/welcome-page.tsx
 * ends `export { WelcomePage as Component }`); a `-route` file of its own only where a page has a loader
 * (features/offers/homepage-route.ts) or puts features together (./card-activity-route.tsx).
 */
export type LazyPage = () => Promise<{ Component: ComponentType; loader?: LoaderFunction }>;

/**
 * A page picked by name from a module that holds several (a module of one page exports it as `Component`),
 * shown with `props` where one component serves several pages (the card lookup's two flows). Type-checked:
 * the module must export `name`, taking `props`.
 */
function named<const Name extends string, const Props extends object = Record<never, never>>(
  name: Name,
  props?: Props,
) {
  return (module: { [Key in Name]: ComponentType<Props> }): { Component: ComponentType } => {
    const Page = module[name];
    return { Component: props ? () => createElement(Page, props) : (Page as ComponentType) };
  };
}

/**
 * Page name (the `page` of a route in `@app/contracts/routes`) → its lazy route module. Each page is its own
 * chunk (the first-route budget, docs/performance.md). To plug in a page: add one line
 * `'<page>': () => import('../features/<feature>/<page>-page.tsx')` (build plugins read these lines:
 * first-paint-plugin.ts). A page without a line shows its title as a placeholder, so every route of the table
 * resolves to a named page from day one.
 */
export const pages: Partial<Record<string, LazyPage>> = {
  welcome: () => import('../features/welcome/welcome-page.tsx'),
  'not-found': () => import('../shared/ui/not-found-page.tsx'),
  'privacy-and-legal': () => import('../features/legal/privacy-and-legal-page.tsx'),
  'sso-redirection': () => import('../features/sso-redirection/sso-redirection-page.tsx'),
  'legal-collector-rules': () => import('../features/legal/legal-page.tsx'),
  'legal-cookie-policy': () => import('../features/legal/legal-page.tsx'),
  'legal-privacy-policy': () => import('../features/legal/legal-page.tsx'),
  'legal-terms-of-use': () => import('../features/legal/legal-page.tsx'),
  'legal-accessibility': () => import('../features/legal/legal-page.tsx'),
  'legal-participating-companies': () => import('../features/legal/legal-page.tsx'),
  'legal-staying-safe-online': () => import('../features/legal/legal-page.tsx'),
  'legal-hotels-policy': () => import('../features/legal/legal-page.tsx'),
  'legal-eshops-terms-and-conditions': () => import('../features/legal/legal-page.tsx'),
  'legal-third-party-cookies': () => import('../features/legal/legal-page.tsx'),
  'legal-rewards-conditions': () => import('../features/legal/legal-page.tsx'),
  'legal-notifier-terms-of-service': () => import('../features/legal/legal-page.tsx'),
  // Identity (ADR 007) and temporary card (ADR 004) pages: add their lines below.
  'id-login': () => import('../features/sign-in/card-number-page.tsx'),
  'id-enter-card-number': () => import('../features/sign-in/card-number-page.tsx'),
  'id-enter-collector-id': () => import('../features/registration/enter-collector-id-page.tsx'),
  'id-app-enter-card-number': () => import('../features/sign-in/card-number-page.tsx'),
  'id-enter-password': () => import('../features/sign-in/enter-password-page.tsx'),
  'oauth-redirect': () => import('../features/sign-in/oauth-redirect-page.tsx'),
  logout: () => import('../features/logout/logout-page.tsx'),
  homepage: () => import('../features/offers/homepage-route.ts'),
  'offers-by-type': () => import('../features/offers/offers-by-type-page.tsx'),
  partners: () => import('../features/offers/partner-offers-page.tsx'),
  'brand-offers': () => import('../features/offers/partner-offers-page.tsx'),
  'offer-card-preview': () => import('../features/offers/offer-preview-page.tsx'),
  'hero-card-preview': () => import('../features/offers/offer-preview-page.tsx'),
  'offer-details-preview': () => import('../features/offers/offer-preview-page.tsx'),
  'how-to-get-prices': () => import('../features/member-prices/how-to-get-prices-page.tsx'),
  'supermarket-offers': () => import('../features/offers/supermarket-offers-page.tsx'),
  'offer-details-food': () => import('../features/offers/offer-details-page.tsx'),
  'offer-details-prices': () => import('../features/offers/offer-details-page.tsx'),
  'offer-details-brand': () => import('../features/offers/offer-details-page.tsx'),
  'saved-offer-details-food': () => import('../features/offers/offer-details-page.tsx'),
  'saved-offer-details-brand': () => import('../features/offers/offer-details-page.tsx'),
  'two-factor-authentication': () => import('../features/sign-in/two-factor-page.tsx'),
  'pending-reset-password': () => import('../features/password-reset/request-reset-page.tsx'),
  'confirm-reset-password': () => import('../features/password-reset/confirm-reset-page.tsx'),
  'id-sign-up': () => import('../features/temp-card/sign-up-page.tsx'),
  'id-temp-card': () => import('../features/temp-card/temp-card-prompt-page.tsx'),
  'id-temp-card-enter-email-address': () => import('../features/temp-card/enter-email-address-page.tsx'),
  'id-temp-card-success': () => import('../features/temp-card/success-page.tsx'),
  'temp-card-your-card': () => import('../features/temp-card/your-card-page.tsx'),
  'id-nectar-card-check': () => import('../features/registration/card-check-page.tsx'),
  'id-enter-email-address': () => import('../features/registration/enter-email-page.tsx'),
  'id-check-email': () => import('../features/registration/check-email-page.tsx'),
  'id-choose-an-account': () => import('../features/registration/choose-account-page.tsx'),
  'id-customer-details': () => import('../features/registration/customer-details-page.tsx'),
  'id-address': () => import('../features/registration/address-page.tsx'),
  'id-phone-number': () => import('../features/registration/phone-number-page.tsx'),
  'id-create-a-password': () => import('../features/registration/create-password-page.tsx'),
  'id-terms': () => import('../features/registration/terms-page.tsx'),
  'id-success': () => import('../features/registration/success-page.tsx'),
  'id-verify-failed': () => import('../features/registration/verify-failed-page.tsx'),
  'id-business-details': () => import('../features/registration/business-details-page.tsx'),
  'id-get-business-offers': () => import('../features/registration/get-business-offers-page.tsx'),
  'register-failed': () => import('../features/registration/register-failed-page.tsx'),
  // Card, activity, spending and vouchers (ADR 011): add their lines below.
  'card-activity': () => import('./card-activity-route.tsx'),
  'retrieve-card': () =>
    import('../features/card/card-lookup-page.tsx').then(named('CardLookupPage', { flow: 'retrieve' })),
  'replace-card': () =>
    import('../features/card/card-lookup-page.tsx').then(named('CardLookupPage', { flow: 'replace' })),
  'request-card': () => import('../features/card/request-card-page.tsx'),
  'account-replace-card': () => import('../features/card/account-replace-card-page.tsx'),
  'account-replace-card-reason': () => import('../features/card/replace-card-reason-page.tsx'),
  'account-request-card': () => import('../features/card/request-card-page.tsx'),
  'card-coming': () => import('../features/card/card-coming-page.tsx'),
  savings: () => import('../features/activity/savings-page.tsx'),
  'card-savings': () => import('../features/activity/savings-page.tsx'),
  'activity-breakdown': () => import('../features/activity/breakdown-page.tsx'),
  'points-history': () => import('../features/points-history/points-history-page.tsx'),
  'points-goal': () => import('../features/points-goal/points-goal-page.tsx'),
  history: () => import('../features/activity/history-page.tsx'),
  'digital-receipt': () => import('../features/activity/receipt-page.tsx'),
  spend: () => import('../features/vouchers/spend-page.tsx'),
  'card-spend': () => import('../features/vouchers/redemption-page.tsx'),
  redemption: () => import('../features/vouchers/redemption-page.tsx'),
  'zero-point-redemption': () =>
    import('../features/vouchers/redemption-page.tsx').then(named('RedemptionPage', { zero: true })),
  'voucher-success': () => import('../features/vouchers/voucher-success-page.tsx'),
  voucher: () => import('../features/vouchers/voucher-page.tsx').then(named('VoucherPage')),
  'voucher-details': () => import('../features/vouchers/voucher-page.tsx').then(named('VoucherDetailsPage')),
  vouchers: () => import('../features/vouchers/vouchers-page.tsx'),
  // Account management (ADR 012): add their lines below.
  account: () => import('../features/account/account-page.tsx'),
  'account-details': () => import('../features/account/details-page.tsx'),
  'account-details-name': () => import('../features/account/name-page.tsx'),
  'account-details-address': () => import('../features/account/address-page.tsx'),
  'account-details-email': () => import('../features/account/email-page.tsx'),
  'account-details-mobile': () => import('../features/account/mobile-page.tsx'),
  'account-password': () => import('../features/account/password-page.tsx'),
  'account-comms': () => import('../features/account/comms-page.tsx'),
  'account-online-advertising': () => import('../features/account/advertising-page.tsx'),
  'account-advertising-preference': () => import('../features/account/advertising-page.tsx'),
  'account-redemption-lock': () => import('../features/account/redemption-lock-page.tsx'),
  'account-close': () => import('../features/account/close-page.tsx'),
  'account-close-account': () =>
    import('../features/account/close-account-page.tsx').then(named('CloseAccountPage')),
  'account-additional-details': () => import('../features/account/additional-details-page.tsx'),
  'account-sound-effects': () => import('../features/account/sound-effects-page.tsx'),
  'delete-account': () =>
    import('../features/account/close-account-page.tsx').then(named('DeleteAccountPage')),
  'account-deleted': () => import('../features/account/account-deleted-page.tsx'),
  'confirm-email-address': () => import('../features/account/confirm-email-page.tsx'),
  'confirm-update-email': () => import('../features/account/confirm-email-page.tsx'),
  'emails-unsubscribe': () => import('../features/account/unsubscribe-page.tsx'),
  'personalised-advertising': () => import('../features/account/advertising-page.tsx'),
  'digital-advertising': () => import('../features/account/advertising-page.tsx'),
  'account-security': () => import('../features/account/security-page.tsx'),
  'account-your-data': () => import('../features/data-export/your-data-page.tsx'),
  'account-your-data-download': () => import('../features/data-export/download-page.tsx'),
  'missing-points': () => import('../features/missing-points/missing-points-page.tsx'),
  till: () => import('../features/till/till-page.tsx'),
  'missing-points-claim': () => import('../features/missing-points/claim-page.tsx'),
  // Brands, eShops and linked partners (ADR 013): add their lines below.
  travel: () => import('../features/brands/travel-page.tsx'),
  eshops: () => import('../features/brands/eshops-page.tsx'),
  'eshops-brands': () => import('../features/brands/eshops-brands-page.tsx'),
  'brands-search': () => import('../features/brands/brands-search-page.tsx'),
  brands: () => import('../features/brands/brands-page.tsx'),
  'brand-categories': () => import('../features/brands/brand-categories-page.tsx'),
  'brand-category': () => import('../features/brands/brand-category-page.tsx'),
  event: () => import('../features/brands/event-page.tsx'),
  'brand-details': () => import('../features/brands/brand-details-page.tsx'),
  'brand-conversion': () => import('./brand-conversion-route.tsx'),
  'brand-conversion-twofa': () => import('../features/linked-partners/conversion-twofa-page.tsx'),
  'account-linked-partners': () => import('../features/linked-partners/linked-partners-page.tsx'),
  'linked-partner-brand': () => import('../features/linked-partners/linked-partner-brand-page.tsx'),
  'linked-partner-conversion-twofa': () => import('../features/linked-partners/conversion-twofa-page.tsx'),
  // Help centre, feedback and the remaining routes (ADR 015): add their lines below.
  'id-forgotten-password': () => import('../features/password-reset/request-reset-page.tsx'),
  'id-reset-password': () => import('../features/password-reset/confirm-reset-page.tsx'),
  help: () => import('../features/help/help-page.tsx'),
  'register-help': () => import('../features/help/register-help-page.tsx'),
  'contact-us': () => import('../features/help/contact-us-page.tsx'),
  locator: () => import('../features/help/locator-page.tsx'),
  accessibility: () => import('../features/help/accessibility-page.tsx'),
  feedback: () => import('../features/feedback/feedback-pages.tsx'),
  'feedback-old': () => import('../features/feedback/feedback-pages.tsx'),
  'feedback-device-options': () => import('../features/feedback/feedback-pages.tsx'),
  'feedback-form': () => import('../features/feedback/feedback-pages.tsx'),
  'feedback-problems': () => import('../features/feedback/feedback-pages.tsx'),
  'feedback-retailer': () => import('../features/feedback/feedback-pages.tsx'),
  'feedback-partner': () => import('../features/feedback/feedback-pages.tsx'),
  'feedback-partner-options': () => import('../features/feedback/feedback-pages.tsx'),
  'feedback-suggestion': () => import('../features/feedback/feedback-pages.tsx'),
  'feedback-positive': () => import('../features/feedback/feedback-pages.tsx'),
  'feedback-other': () => import('../features/feedback/feedback-pages.tsx'),
  'feedback-support': () => import('../features/feedback/feedback-pages.tsx'),
  'feedback-missing-points': () => import('../features/feedback/feedback-pages.tsx'),
  'year-in-review': () => import('../features/year-in-review/year-in-review-page.tsx'),
  'offer-redirect': () => import('../features/redirects/offer-redirect-page.tsx'),
  'auto-login-redirect': () =>
    import('../features/redirects/auto-login-page.tsx').then(
      named('AutoLoginPage', { heading: 'Logging you in' }),
    ),
  'confirm-sign-up': () =>
    import('../features/redirects/auto-login-page.tsx').then(
      named('AutoLoginPage', { heading: 'Confirming your registration' }),
    ),
  'confirm-identity-email': () => import('../features/redirects/confirm-identity-email-page.tsx'),
  quests: () => import('../features/info-pages/quests-pages.tsx').then(named('QuestsPage')),
  'quests-terms': () => import('../features/info-pages/quests-pages.tsx').then(named('QuestsTermsPage')),
  'login-failed': () => import('../features/info-pages/status-pages.tsx').then(named('LoginFailedPage')),
  'service-unavailable': () =>
    import('../features/info-pages/status-pages.tsx').then(named('ServiceUnavailablePage')),
  statistics: () => import('../features/info-pages/statistics-page.tsx'),
  business: () => import('../features/info-pages/business-pages.tsx').then(named('BusinessPage')),
  'business-partners': () =>
    import('../features/info-pages/business-pages.tsx').then(named('BusinessPartnersPage')),
  'open-app': () => import('../features/app-hub/app-hub-pages.tsx').then(named('OpenAppPage')),
  connect: () => import('../features/app-hub/app-hub-pages.tsx').then(named('ConnectPage')),
  'mobile-preview': () => import('../features/app-hub/app-hub-pages.tsx').then(named('MobilePreviewPage')),
  'account-buttons': () => import('../features/app-hub/app-hub-pages.tsx').then(named('AccountButtonsPage')),
  'marketing-event': () => import('../features/events/event-pages.tsx').then(named('MarketingEventPage')),
  'marketing-event-terms': () =>
    import('../features/events/event-pages.tsx').then(named('MarketingEventTermsPage')),
  'offer-event': () => import('../features/events/event-pages.tsx').then(named('OfferEventPage')),
  'skinny-event': () => import('../features/events/event-pages.tsx').then(named('SkinnyEventPage')),
  pods: () => import('../features/events/pods-page.tsx'),
  'my-offers': () => import('../features/offers/my-offers-page.tsx'),
  // Consent (ADR 017)
  'id-consent': () => import('../features/consent/consent-page.tsx'),
};
