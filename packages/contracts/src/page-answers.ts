import { brandsPaths } from './brands-paths.ts';
import { offersPaths } from './offers-paths.ts';
import { pointsGoalPaths } from './points-goal-paths.ts';

/**
 * Answers in the page (ADR 020): for a member with a session, the server answers the reads a session
 * page makes first and sends those answers inside the HTML, so the app draws the page without waiting for
 * them. The app still makes each call; the first time within PAGE_ANSWERS_MAX_AGE_MS of the page's start, the
 * answer in the page stands in for the network.
 */

/** The id of the data block that carries the answers (apps/server web-app.ts, apps/web page-answers.ts). */
export const PAGE_ANSWERS_ELEMENT_ID = 'page-answers';

/** After this long from the page's start, an unused answer in the page is too old to stand in for a call. */
export const PAGE_ANSWERS_MAX_AGE_MS = 10_000;

/** The session check of every session page: the profile answers 401 without a live session. */
export const PROFILE_PATH = '/customer-management-api/customer/v2';
export const BALANCE_PATH = '/balance-api/balance';
/**
 * Personalised and member-price offers (docs/product/calls-and-errors.md §S7.5); the app adds a `timestamp`.
 */
export const ALL_OFFERS_PATH = '/offers-api/offers?type=ALL';
export const PARTNER_OFFERS_PATH = '/offers-api/shared-offers?source=COALITION';

/** The card's reads (docs/product/calls-and-errors.md §S7.2, §S7.6). */
export const NECTAR_ID_PATH = '/customer-management-api/customer/nectar-id';
export const CUSTOMER_CARD_PATH = '/customer-management-api/customer/card';
export const TRANSACTIONS_PATH = '/nectar-shared-transactions-api/transactions';
/** The activity's first page, as the feed asks for it (apps/web get-transactions.ts). */
export const FIRST_TRANSACTIONS_PATH = `${TRANSACTIONS_PATH}?pageSize=20`;

/**
 * The reads of a page's first render beyond the session check, by page name (routes.ts). A page listed here
 * (an empty list: the session check is its only read) is drawn by the server for a member (ADR 022, 040);
 * a public page listed here is drawn so only for a visitor whose session check answers 200.
 */
export const FIRST_READS: Readonly<Record<string, readonly string[]>> = {
  homepage: [BALANCE_PATH, ALL_OFFERS_PATH, PARTNER_OFFERS_PATH],
  'card-activity': [
    BALANCE_PATH,
    NECTAR_ID_PATH,
    CUSTOMER_CARD_PATH,
    FIRST_TRANSACTIONS_PATH,
    // The points goal's card sits above the feed: drawn with it, it does not push the feed down (ADR 042).
    pointsGoalPaths.goal,
  ],
  'supermarket-offers': [ALL_OFFERS_PATH, offersPaths.memberPricesState],
  account: [],
  brands: [brandsPaths.panel('collect'), brandsPaths.panel('redeem'), brandsPaths.brands('')],
};

/** The parameter the app adds to some reads so that no cache answers them: not part of an answer's key. */
const CACHE_BUSTER = 'timestamp';

/** The key an answer is filed under: the path and query of the call, without the cache buster. */
export const pageAnswerKey = (pathAndQuery: string): string => {
  const [pathname = '', search = ''] = pathAndQuery.split('?', 2);
  const params = new URLSearchParams(search);
  params.delete(CACHE_BUSTER);
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
};
