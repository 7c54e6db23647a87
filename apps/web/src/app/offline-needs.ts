/**
 * What the service worker keeps from the moment it is installed (ADR 030), read at build time by
 * offline-plugin.ts: the app's start and these pages and pieces, with everything they import. Nothing else is
 * kept ahead (a member's phone does not download every page); a page visited later is kept as it loads.
 */

/** The card (the installed app's start, OFFLINE_CARD_PATH) and the welcome page a visitor sees offline. */
export const OFFLINE_PAGES: readonly string[] = ['card-activity', 'welcome'];

/** Loaded later by those pages: the session check, the consent banner, the popups and the offline notice. */
export const OFFLINE_MODULES: readonly string[] = [
  'src/shared/query/query-shell.tsx',
  'src/shared/query/query-client.ts',
  'src/shared/session/get-profile.ts',
  'src/app/consent-banner.tsx',
  'src/shared/popups/open-popup.tsx',
  'src/app/offline-notice.tsx',
];
