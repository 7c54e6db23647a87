import {
  ALL_OFFERS_PATH,
  BALANCE_PATH,
  CUSTOMER_CARD_PATH,
  FIRST_TRANSACTIONS_PATH,
  NECTAR_ID_PATH,
  PARTNER_OFFERS_PATH,
  PROFILE_PATH,
  TRANSACTIONS_PATH,
} from './page-answers.ts';

/**
 * The installable app and its card that opens with no signal (ADR 030): the addresses the server
 * serves, the service worker answers and the web app names. No zod here: the service worker imports it.
 */

/** The service worker, at the top so that its scope is the whole site; sent with `no-cache` (ADR 030). */
export const SERVICE_WORKER_PATH = '/sw.js';
/** The web app manifest, drawn by the server from the chosen brand (ADR 028): its name, colours and icons. */
export const WEB_APP_MANIFEST_PATH = '/manifest.webmanifest';
/**
 * The app's page without any page's data or drawing: the brand, the remote configuration and the entry script.
 * The service worker keeps it and answers a page with it when the network cannot.
 */
export const APP_SHELL_PATH = '/app-shell.html';
/** Where the installed app opens: the digital card, its barcode, the points and the activity. */
export const OFFLINE_CARD_PATH = '/card/activity';

// The card's reads (docs/product/calls-and-errors.md §S7.2, §S7.6) are first reads of the card page too:
// written in page-answers.ts.
export { CUSTOMER_CARD_PATH, FIRST_TRANSACTIONS_PATH, NECTAR_ID_PATH, TRANSACTIONS_PATH };

/**
 * The member's reads that are kept for offline use, and only these: the session check (so the session guard
 * lets the card page open), the barcode and card, the balance, the activity's first page and the offers. The
 * service worker keeps their last answers in `MEMBER_DATA_CACHE`; nothing of the identity provider, the session
 * API or any other call is kept.
 */
export const OFFLINE_READS: readonly string[] = [
  PROFILE_PATH,
  NECTAR_ID_PATH,
  CUSTOMER_CARD_PATH,
  BALANCE_PATH,
  FIRST_TRANSACTIONS_PATH,
  ALL_OFFERS_PATH,
  PARTNER_OFFERS_PATH,
];

/** Whether answers to this path may be kept (any query: the activity's later pages, the offers' cache buster). */
export const isOfflineReadPath = (pathname: string): boolean =>
  OFFLINE_READS.some((read) => read.split('?', 1)[0] === pathname);

/** The one cache that holds a member's data; logging out, or a session that ended, deletes it. */
export const MEMBER_DATA_CACHE = 'member-data';

/**
 * Set by the service worker on a kept answer: when the server gave it (ISO 8601). An answer that carries it came
 * from the device, not the network, so the page says "as of" that time.
 */
export const OFFLINE_COPY_HEADER = 'x-offline-copy-from';

/** Messages from the page to the service worker. */
export const SERVICE_WORKER_MESSAGES = {
  /** A signed-in page asks for a fresh copy of `OFFLINE_READS` (the first visit is not yet in its hands). */
  keepOfflineCopy: 'KEEP_OFFLINE_COPY',
  /** Logging out: delete the member's data now, and keep no answer that is still on its way. */
  forgetMember: 'FORGET_MEMBER',
  /** The member chose to load the new version: the waiting worker takes over. */
  skipWaiting: 'SKIP_WAITING',
  /** Whether a worker keeps a file of the build (`url`): a page asks the waiting worker about its own entry. */
  keepsFile: 'KEEPS_FILE',
} as const;
