import { brand } from './brand.ts';
import { IDENTITY_PREFIX, SIGN_IN_PATH } from './sign-in-paths.ts';
import type { SwitchName } from './switches.ts';

/**
 * The route table and redirects of docs/product/signed-in-pages.md §S2.2-§S2.4 as data. The web app builds
 * its router from it and the server answers page requests from it (301 for a redirect, 200 for a page, 404
 * for anything else), so both always agree. Paths use React Router syntax: `:name` for one segment, a
 * trailing `*` for the rest.
 */

const p = brand.slug;
/**
 * The retailer in a path: lower case for the offers page, capitalised in the feedback page name
 * (docs/product/signed-in-pages.md §S2.3).
 */
const retailerSlug = brand.retailer.toLowerCase().replace(/[^a-z0-9]/g, '');
const retailerName = retailerSlug.charAt(0).toUpperCase() + retailerSlug.slice(1);

export { IDENTITY_PREFIX, SIGN_IN_PATH };
/** Where `next` points when the visitor was on the root (docs/product/signed-in-pages.md §S4). */
export const DEFAULT_NEXT_PATH = '/my-offers';
export const SUPERMARKET_OFFERS_PATH = `/offers/${retailerSlug}`;
export const LEGAL_PREFIX = '/about/privacy-and-legal';
/** Linked partners' brand keys: their brand pages and conversions need a session (2.3 "/brands/{key}"). */
export const LINKED_PARTNER_BRAND_KEYS = ['british-airways-avios', 'hotels-com'] as const;

export type RouteAccess = 'public' | 'session';

export interface AppRoute {
  /** The page this route shows: one name per page, used by the web app's page map. */
  page: string;
  path: string;
  access: RouteAccess;
  /** The page's heading and document title. */
  title: string;
  /** The route exists only while this switch is on (otherwise the not-found page answers). */
  switch?: SwitchName;
  /**
   * When this switch is off the route shows `page` instead (the old feedback,
   * docs/product/signed-in-pages.md §S2.3).
   */
  whenSwitchOff?: { switch: SwitchName; page: string; title: string };
  /** Where this page is one of the two catch-alls that close the table. */
  catchAll?: true;
}

export interface Redirect {
  from: string;
  /** Target path; may use the `:params` and `*` of `from`, and may carry its own query. */
  to: string;
  /** Whether the visitor's query string travels to the target (target's own parameters win). */
  keepQuery: boolean;
}

const pub = (page: string, path: string, title: string, extra: Partial<AppRoute> = {}): AppRoute => ({
  page,
  path,
  access: 'public',
  title,
  ...extra,
});
const ses = (page: string, path: string, title: string, extra: Partial<AppRoute> = {}): AppRoute => ({
  page,
  path,
  access: 'session',
  title,
  ...extra,
});

const legal = (slug: string, title: string) => pub(`legal-${slug}`, `${LEGAL_PREFIX}/${slug}`, title);

/**
 * Identity pages under {prefix} (docs/product/registration-and-sign-in.md §R2); their pages belong to the
 * identity features.
 */
const identityRoutes: AppRoute[] = [
  pub('id-nectar-card-check', `${IDENTITY_PREFIX}/nectar-card-check`, "Right, let's get started"),
  pub('id-enter-email-address', `${IDENTITY_PREFIX}/enter-email-address`, "We'll now verify your email"),
  pub('id-check-email', `${IDENTITY_PREFIX}/check-email`, "We've sent you an email"),
  pub('id-enter-password', `${IDENTITY_PREFIX}/enter-password`, 'Enter your password'),
  pub('id-enter-card-number', `${IDENTITY_PREFIX}/enter-card-number`, 'Enter your card number'),
  pub('id-login', `${IDENTITY_PREFIX}/login`, 'Enter your card number'),
  pub('id-enter-collector-id', `${IDENTITY_PREFIX}/enter-collector-id`, 'Enter your card number'),
  pub('id-app-enter-card-number', `${IDENTITY_PREFIX}/app-enter-card-number`, 'Enter your card number'),
  pub('id-choose-an-account', `${IDENTITY_PREFIX}/choose-an-account`, 'Choose an account'),
  pub('id-business-details', `${IDENTITY_PREFIX}/business-details`, 'Tell us about your business.'),
  pub('id-customer-details', `${IDENTITY_PREFIX}/customer-details`, "Let's create your account"),
  pub('id-address', `${IDENTITY_PREFIX}/address`, 'Your address'),
  pub('id-phone-number', `${IDENTITY_PREFIX}/phone-number`, "Now let's make your account secure"),
  pub('id-create-a-password', `${IDENTITY_PREFIX}/create-a-password`, 'Create a password'),
  pub('id-terms', `${IDENTITY_PREFIX}/terms`, 'The important stuff'),
  pub('id-success', `${IDENTITY_PREFIX}/success`, 'Nicely done!'),
  pub(
    'id-get-business-offers',
    `${IDENTITY_PREFIX}/get-business-offers`,
    'Do you want to receive business offers?',
  ),
  pub('id-verify-failed', `${IDENTITY_PREFIX}/verify-failed`, 'We could not verify your details'),
  pub('id-sign-up', `${IDENTITY_PREFIX}/sign-up`, `Register for ${brand.name}`),
  pub('id-temp-card', `${IDENTITY_PREFIX}/temp-card`, 'Try now, register later'),
  pub(
    'id-temp-card-enter-email-address',
    `${IDENTITY_PREFIX}/temp-card/enter-email-address`,
    'We just need your email',
  ),
  pub('id-temp-card-success', `${IDENTITY_PREFIX}/temp-card/success`, 'Check your email'),
  pub('id-forgotten-password', `${IDENTITY_PREFIX}/forgotten-password`, 'Reset your password'),
  pub('id-reset-password', `${IDENTITY_PREFIX}/reset-password`, 'Choose a new password'),
  // Consent (ADR 017): a partner app asks the member once for what it wants to see.
  pub('id-consent', `${IDENTITY_PREFIX}/consent`, 'Connect an app to your account'),
];

/** Public routes (docs/product/signed-in-pages.md §S2.2). */
const publicRoutes: AppRoute[] = [
  pub('welcome', '/', `Collect ${brand.name} points`),
  pub('welcome', '/welcome', `Collect ${brand.name} points`),
  pub('welcome', `/New_${p}`, `Collect ${brand.name} points`),
  pub('year-in-review', '/dataplayback/:year/:yirId', 'Your year in review'),
  pub('offer-redirect', '/offer-redirect', 'Taking you to your offer'),
  pub('auto-login-redirect', '/auto-login-redirect', 'Logging you in'),
  pub('quests', `/your-${p}-quests`, `Your ${brand.name} quests`),
  pub('quests-terms', `/your-${p}-quests/terms-and-conditions`, 'Quests terms and conditions'),
  ...identityRoutes,
  pub('confirm-identity-email', '/confirm-identity-email', 'Confirming your email'),
  pub('offer-event', '/offer-event/:eventId', 'Offer event'),
  pub('skinny-event', '/skinnyevent/:id', 'Event'),
  pub('open-app', '/open-app', `Get the ${brand.name} app`),
  pub('how-to-get-prices', `/how-to-get-${p}-prices`, `How to get ${brand.name} Prices`),
  pub('temp-card-your-card', '/temp-card/your-card/:token', 'Your temporary card'),
  pub('travel', `/${p}-travel`, `${brand.name} travel`),
  pub('eshops', '/eshops', 'eShops'),
  pub('eshops-brands', '/eshops/brands', 'eShop brands'),
  // Ours: the sandbox till for testers and partner developers (docs/partner-api.md); its calls answer only where
  // DEV_TOOLS or TILL_SANDBOX is on, and the page says so elsewhere.
  pub('till', '/till', 'Sandbox till'),
  pub('register-help', '/register/help', 'Help with registering'),
  pub('confirm-sign-up', '/confirm-sign-up', 'Confirming your registration'),
  pub('account-deleted', '/account-deleted', 'Your account has been deleted', { switch: 'deleteAccount' }),
  pub('pending-reset-password', '/pending-reset-password', 'Check your email'),
  pub('confirm-reset-password', '/confirm-reset-password', 'Choose a new password'),
  pub('confirm-email-address', '/confirm-email-address', 'Confirming your email address'),
  pub('confirm-update-email', '/confirm-update-email', 'Confirming your new email address'),
  pub('offer-card-preview', '/offercard-preview/:jwtToken', 'Offer card preview'),
  pub('hero-card-preview', '/herocard-preview/:jwtToken', 'Hero card preview'),
  pub('offer-details-preview', '/offerdetails-preview/:jwtToken', 'Offer details preview'),
  pub('mobile-preview', '/mobile-preview', 'Mobile preview'),
  pub('replace-card', '/replace-card', 'Replace your card'),
  pub('request-card', '/request-card', 'Request a card'),
  pub('retrieve-card', '/retrieve-card', 'Find your card number'),
  pub('brands-search', '/brands/search', 'Search brands'),
  pub('brands', '/brands', 'Brands'),
  pub('brand-categories', '/brands/categories', 'Brand categories'),
  pub('brand-category', '/brands/categories/:categoryId', 'Brand category'),
  pub('event', '/event', 'Event'),
  pub('brand-details', '/brands/:brandDetailsKey', 'Brand'),
  pub('brand-conversion', '/brands/:brandDetailsKey/conversion', 'Convert your points'),
  pub('brand-conversion-twofa', '/brands/:brandDetailsKey/conversion/twofa', 'Confirm it is you'),
  pub('savings', `/activity/${p}-savings`, `Your ${brand.name} savings`),
  pub('account-buttons', '/account-buttons', 'Account'),
  pub('contact-us', '/contact-us', 'Contact us'),
  pub('register-failed', '/register-failed', 'Sorry, we could not register you'),
  pub('login-failed', '/login-failed', 'Sorry, we could not log you in'),
  pub('service-unavailable', '/service-unavailable', 'Service unavailable'),
  pub('spend', '/spend', 'Ways to spend'),
  pub('oauth-redirect', '/oauth_redirect', 'Logging you in'),
  pub('emails-unsubscribe', '/emails/unsubscribe', 'Unsubscribe'),
  pub('sso-redirection', '/sso-redirection', 'Taking you there'),
  pub('two-factor-authentication', '/two-factor-authentication/:token', 'Confirm it is you'),
  pub('privacy-and-legal', '/privacy-and-legal', 'Privacy and legal'),
  legal('collector-rules', 'Collector rules'),
  legal('cookie-policy', 'Cookie policy'),
  legal('privacy-policy', 'Privacy policy'),
  legal('terms-of-use', 'Terms of use'),
  legal('participating-companies', 'Participating companies'),
  legal('accessibility', 'Accessibility statement'),
  legal('staying-safe-online', 'Staying safe online'),
  legal('hotels-policy', `${brand.hotelPartner} policy`),
  legal('eshops-terms-and-conditions', 'eShops terms and conditions'),
  legal('third-party-cookies', 'Third-party cookies'),
  legal('rewards-conditions', 'Rewards conditions'),
  legal('notifier-terms-of-service', 'Notifier terms of service'),
  pub('personalised-advertising', '/personalised-advertising', 'Personalised advertising'),
  pub('digital-advertising', '/digital-advertising', 'Digital advertising'),
  pub('connect', `/${p}-connect/index.htm`, `${brand.name} Connect`),
  pub('help', '/help', 'Help centre'),
  pub('locator', '/locator', 'Find a store'),
  pub('statistics', '/statistics/:x', 'Statistics'),
  pub('business', `/${p}-business`, `${brand.name} Business`, { switch: 'business' }),
  pub('business-partners', `/${p}-business/partners`, `${brand.name} Business partners`, {
    switch: 'business',
  }),
  pub('logout', '/logout', 'Logging you out'),
];

/** Session-required routes (docs/product/signed-in-pages.md §S2.3). */
const sessionRoutes: AppRoute[] = [
  // The campaign page switch (docs/product/switches-and-constants.md §S9; ADR 038): the campaign (marketing
  // event) pages exist only while it is on.
  ses('marketing-event', '/marketing-event/:eventId', 'Event', { switch: 'campaignPage' }),
  ses(
    'marketing-event-terms',
    '/marketing-event/:eventId/terms-and-conditions',
    'Event terms and conditions',
    { switch: 'campaignPage' },
  ),
  ses('digital-receipt', '/activity/receipt/:digitalReceiptId', 'Your receipt', {
    switch: 'digitalReceipts',
  }),
  ses('vouchers', '/vouchers', 'Your vouchers'),
  ses('supermarket-offers', SUPERMARKET_OFFERS_PATH, `${brand.retailer} offers`),
  ses('partners', '/partners', 'Partner offers'),
  ses('homepage', '/homepage', 'Home'),
  ses('pods', '/pods', 'Pods'),
  ses('my-offers', DEFAULT_NEXT_PATH, 'New Offers'),
  ses('history', '/history', 'Transactions'),
  ses('redemption', '/redemption', 'Spend your points'),
  ses('zero-point-redemption', '/zero-point-redemption', 'Redeem your reward'),
  ses('voucher-success', '/voucher/success', 'Your voucher is ready'),
  ses('voucher', '/voucher/:voucherId', 'Voucher'),
  ses('voucher-details', '/voucher-details/:transactionID', 'Voucher details'),
  ses('brand-offers', '/offers/brand', 'Brand offers'),
  ses('offers-by-type', '/offers/:offerType', 'Offers'),
  ses('offer-details-food', '/offer-details/food/:offerId', 'Offer details'),
  ses('offer-details-prices', `/offer-details/your-${p}-prices/:offerId`, `Your ${brand.name} Prices offer`),
  ses('offer-details-brand', '/offer-details/brand/:offerId', 'Offer details'),
  ses('saved-offer-details-food', '/saved/offer-details/food/:offerId', 'Saved offer details'),
  ses('saved-offer-details-brand', '/saved/offer-details/brand/:offerId', 'Saved offer details'),
  ses('card-activity', '/card/activity', 'Your activity'),
  ses('card-savings', `/card/activity/${p}-savings`, `Your ${brand.name} savings`),
  ses('card-spend', '/card/spend', 'Your spending'),
  ses('activity-breakdown', '/activity/breakdown', 'Activity breakdown'),
  // Points over time (ADR 041).
  ses('points-history', '/activity/points', 'Your points over time'),
  // A points goal (ADR 042).
  ses('points-goal', '/activity/goal', 'Your points goal'),
  ses('account', '/account', 'Your account'),
  ses('account-replace-card', '/account/replace-card', 'Replace your card'),
  ses('account-replace-card-reason', '/account/replace-card/reason', 'Why do you need a new card?'),
  ses('account-request-card', '/account/request-card', 'Request a card'),
  ses('account-details', '/account/details', 'Personal details'),
  ses('account-details-name', '/account/details/name', 'Your name'),
  ses('account-details-address', '/account/details/address', 'Your address'),
  ses('account-details-email', '/account/details/email', 'Your email address'),
  ses('account-details-mobile', '/account/details/mobile-number', 'Your mobile number'),
  ses('account-linked-partners', '/account/linked-partners', 'Linked partners'),
  ses('account-password', '/account/password', 'Change your password'),
  ses('account-comms', '/account/comms', 'Contact preferences'),
  ses('account-online-advertising', '/account/online-advertising', 'Online advertising'),
  ses('account-redemption-lock', '/account/redemption-lock', 'Redemption lock'),
  ses('account-close', '/account/close', 'Close your account'),
  ses('account-close-account', '/account/close-account', 'Close your account'),
  ses('account-additional-details', '/account/additional-details', 'Additional details'),
  ses('account-sound-effects', '/account/sound-effects', 'Sound effects'),
  ses('account-advertising-preference', '/account/advertising-preference', 'Advertising preference'),
  ses('account-security', '/account/security', 'Security and devices'),
  // Missing points, self-service (ADR 043): the member's claims and the claim form.
  ses('missing-points', '/account/missing-points', 'Missing points'),
  ses('missing-points-claim', '/account/missing-points/claim', 'Claim missing points'),
  // Download my data (ADR 044): the request page and the emailed link's page.
  ses('account-your-data', '/account/your-data', 'Download your data'),
  ses('account-your-data-download', '/account/your-data/download/:token', 'Download your data'),
  ses('card-coming', '/card-coming', 'Your card is on its way'),
  ses('accessibility', '/accessibility', 'Accessibility'),
  ses('delete-account', '/delete-account', 'Delete your account', { switch: 'deleteAccount' }),
  ses('feedback', '/feedback', 'Feedback', {
    whenSwitchOff: { switch: 'newFeedback', page: 'feedback-old', title: 'Feedback' },
  }),
  ses('feedback-device-options', '/feedbackDeviceOptions', 'Which device are you using?'),
  ses('feedback-form', '/feedbackForm', 'Tell us more'),
  ses('feedback-problems', '/feedbackProblems', 'What went wrong?'),
  ses('feedback-retailer', `/feedback${retailerName}`, `Feedback about ${brand.retailer}`),
  ses('feedback-partner', '/feedbackPartner', 'Feedback about a partner'),
  ses('feedback-partner-options', '/feedbackPartnerOptions', 'Which partner?'),
  ses('feedback-suggestion', '/feedbackSuggestion', 'Make a suggestion'),
  ses('feedback-positive', '/feedbackPositive', 'Tell us what you liked'),
  ses('feedback-other', '/feedbackOther', 'Something else'),
  ses('feedback-support', '/feedbackSupport', 'Get support'),
  ses('feedback-missing-points', '/feedbackMissingPoints', 'Missing points'),
  ...LINKED_PARTNER_BRAND_KEYS.flatMap((key) => [
    ses('linked-partner-brand', `/brands/${key}`, 'Linked partner'),
    ses('linked-partner-conversion-twofa', `/brands/${key}/conversion/twofa`, 'Confirm it is you'),
  ]),
];

/** The two catch-alls that close the table: the identity area's and everyone else's. */
const catchAllRoutes: AppRoute[] = [
  pub('not-found', `${IDENTITY_PREFIX}/*`, "We can't find that page", { catchAll: true }),
  pub('not-found', '*', "We can't find that page", { catchAll: true }),
];

export const ROUTES: readonly AppRoute[] = [...publicRoutes, ...sessionRoutes, ...catchAllRoutes];

const r = (from: string, to: string, keepQuery = true): Redirect => ({ from, to, keepQuery });

/**
 * Redirects of docs/product/signed-in-pages.md §S2.4 (targets may chain; resolvePath follows them to the
 * end).
 */
export const REDIRECTS: readonly Redirect[] = [
  r('/offers-saved', `${SUPERMARKET_OFFERS_PATH}?filter=bonus`),
  r('/offers/food', `${SUPERMARKET_OFFERS_PATH}?filter=bonus`),
  r(`/offers/your-${p}-prices`, `${SUPERMARKET_OFFERS_PATH}?filter=your-${p}-prices`),
  r('/communicationpreferences', '/account/comms'),
  r('/faqs', '/help'),
  r('/contact', '/help'),
  // Identity start or card-number entry; `next` travels with the query.
  r(IDENTITY_PREFIX, `${IDENTITY_PREFIX}/nectar-card-check`),
  r('/register', IDENTITY_PREFIX),
  r('/join', IDENTITY_PREFIX),
  r('/activate', IDENTITY_PREFIX),
  r('/login', SIGN_IN_PATH),
  r('/enter-card-number', `${IDENTITY_PREFIX}/enter-card-number`),
  r('/card-number', `${IDENTITY_PREFIX}/enter-card-number`),
  // docs/product/signed-in-pages.md §S2.4 sends these to /start/existing-nectar-check, which here is the
  // registration card check: a member who forgot a password would be asked to register. They go to the
  // identity area's password reset (ADR 015).
  r('/forgotten-password', `${IDENTITY_PREFIX}/forgotten-password`),
  r('/reset-password', `${IDENTITY_PREFIX}/reset-password`),
  r('/start/enter-email', '/start/choose-an-account'),
  // The identity app's old paths live under the identity prefix here.
  r('/start/existing-nectar-check', `${IDENTITY_PREFIX}/nectar-card-check`),
  r('/start/*', `${IDENTITY_PREFIX}/*`),
  r(`/my-${p}/manage-account`, '/account'),
  r(`/my-${p}/manage-account/personal-details`, '/account/details'),
  r(`/my-${p}/manage-account/contact-preferences`, '/account/comms'),
  r(`/my-${p}/manage-account/change-password`, '/account/password'),
  r(`/my-${p}/manage-account/replace-card`, '/account/replace-card/reason'),
  r(`/my-${p}/manage-account/transactions`, '/card/activity'),
  r(`/my-${p}/manage-account/dashboard`, '/homepage'),
  r(`/my-${p}/manage-account/app`, '/open-app'),
  r(`/my-${p}/manage-account/notifier`, `${LEGAL_PREFIX}/notifier-terms-of-service`),
  r(`/my-${p}/manage-account/*`, '/account'),
  r(`/my-${p}`, '/homepage'),
  r('/offers', '/homepage'),
  r('/wallet', '/offers-saved'),
  r('/terms-and-conditions', `${LEGAL_PREFIX}/collector-rules`),
  // Brand aliases go to the canonical brand pages; rail and credit card to their exit (conversion) pages.
  r('/brands/ba', '/brands/british-airways-avios'),
  r('/brands/avios', '/brands/british-airways-avios'),
  r('/brands/hotels', '/brands/hotels-com'),
  r('/brands/rail', '/brands/trainline/conversion'),
  r('/brands/credit-card', '/brands/american-express/conversion'),
  r('/surprise-rewards', '/card/activity'),
  r('/signin', '/login'),
  r('/register/*', '/start/enter-email'),
  r('/brands/checkout/*', '/brands', false),
  // Old app-hub paths.
  r('/app-hub', `/${p}-connect/index.htm`),
  r('/apphub', `/${p}-connect/index.htm`),
  r(`/${p}-app`, `/${p}-connect/index.htm`),
  r(`/${p}-connect`, `/${p}-connect/index.htm`),
  r('/now', `${IDENTITY_PREFIX}/nectar-card-check`),
];

/** Analytics page names of docs/product/signed-in-pages.md §S2.5 (other pages report their path). */
export const ANALYTICS_PAGE_NAMES: Readonly<Record<string, string>> = {
  '/history': 'Wallet - Transactions',
  [DEFAULT_NEXT_PATH]: 'New Offers',
  '/offers-saved': 'Loaded Offers',
};

// ---- matching -------------------------------------------------------------------------------------------

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/** React Router's ranking: static segments beat dynamic ones, which beat a splat. */
const scoreOf = (pattern: string) =>
  segmentsOf(pattern).reduce(
    (score, segment) => score + (segment === '*' ? -2 : segment.startsWith(':') ? 3 : 10),
    segmentsOf(pattern).length,
  );

export interface PathMatch {
  params: Record<string, string>;
  score: number;
}

/** Matches a path against a pattern, case-insensitively and ignoring a trailing slash, like React Router. */
export function matchPattern(pattern: string, pathname: string): PathMatch | undefined {
  const want = segmentsOf(pattern);
  const have = segmentsOf(pathname);
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    const segment = want[i] ?? '';
    if (segment === '*') {
      params['*'] = have.slice(i).join('/');
      return { params, score: scoreOf(pattern) };
    }
    const actual = have[i];
    if (actual === undefined) return undefined;
    if (segment.startsWith(':')) {
      let value: string;
      try {
        value = decodeURIComponent(actual);
      } catch {
        return undefined;
      }
      params[segment.slice(1)] = value;
    } else if (segment.toLowerCase() !== actual.toLowerCase()) {
      return undefined;
    }
  }
  return have.length === want.length ? { params, score: scoreOf(pattern) } : undefined;
}

const fillPattern = (pattern: string, params: Record<string, string>) =>
  pattern.replace(/:(\w+)|\*$/g, (token: string, name?: string) =>
    name ? encodeURIComponent(params[name] ?? '') : (params['*'] ?? ''),
  );

/** The query a redirect sends on: the target's own parameters, then the visitor's where kept. */
const mergeQuery = (targetQuery: string, search: string, keep: boolean) => {
  const merged = new URLSearchParams(targetQuery);
  if (keep) {
    for (const [key, value] of new URLSearchParams(search)) if (!merged.has(key)) merged.append(key, value);
  }
  const text = merged.toString();
  return text ? `?${text}` : '';
};

export type IsSwitchOn = (name: SwitchName) => boolean;

/** Whether a route is in the table under these switches (a switch-gated route is absent when it is off). */
export const isRouteEnabled = (route: AppRoute, isOn: IsSwitchOn) => !route.switch || isOn(route.switch);

/** The page a route shows under these switches (the feedback route has an old version). */
export const pageOf = (route: AppRoute, isOn: IsSwitchOn): { page: string; title: string } =>
  route.whenSwitchOff && !isOn(route.whenSwitchOff.switch)
    ? { page: route.whenSwitchOff.page, title: route.whenSwitchOff.title }
    : { page: route.page, title: route.title };

export type Resolution =
  | { kind: 'redirect'; location: string }
  | { kind: 'page'; route: AppRoute; params: Record<string, string> }
  | { kind: 'not-found'; route: AppRoute };

const MAX_REDIRECT_HOPS = 8;

/**
 * What the product does with a path: a redirect (chains followed to their final target), a page, or the
 * not-found page of a catch-all. Used by the server for the HTTP status and by the app's redirect routes.
 */
export function resolvePath(pathname: string, search: string, isOn: IsSwitchOn): Resolution {
  let path = pathname;
  let query = search;
  let redirected = false;
  for (let hop = 0; hop <= MAX_REDIRECT_HOPS; hop += 1) {
    let best:
      | { score: number; redirect?: Redirect; route?: AppRoute; params: Record<string, string> }
      | undefined;
    for (const redirect of REDIRECTS) {
      const match = matchPattern(redirect.from, path);
      if (match && (!best || match.score > best.score)) best = { ...match, redirect };
    }
    for (const route of ROUTES) {
      if (!isRouteEnabled(route, isOn)) continue;
      const match = matchPattern(route.path, path);
      if (match && (!best || match.score > best.score)) best = { ...match, route };
    }
    if (best?.redirect) {
      const [targetPath = '/', targetQuery = ''] = fillPattern(best.redirect.to, best.params).split('?');
      query = mergeQuery(targetQuery, query, best.redirect.keepQuery);
      path = targetPath;
      redirected = true;
      continue;
    }
    if (redirected) return { kind: 'redirect', location: `${path}${query}` };
    if (!best?.route) throw new Error('The route table has no catch-all');
    const { route } = best;
    return route.catchAll ? { kind: 'not-found', route } : { kind: 'page', route, params: best.params };
  }
  throw new Error(`Redirect loop at ${pathname}`);
}

/**
 * Where the session guard and a 401 send a visitor: card-number sign-in with `next`
 * (docs/product/signed-in-pages.md §S4).
 */
export function signInPathFor(currentPath: string): string {
  const next = currentPath === '/' || currentPath === '' ? DEFAULT_NEXT_PATH : currentPath;
  return `${SIGN_IN_PATH}?${new URLSearchParams({ next }).toString()}`;
}

/** A `next` value is followed only when it is a path of this site (never another origin). */
export const isSafeNextPath = (next: string | null | undefined): next is string =>
  typeof next === 'string' && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\');
