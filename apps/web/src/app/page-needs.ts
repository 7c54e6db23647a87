/**
 * Pages that never ask the server through the query client: they load without it (first-route budget). Read
 * by routes.tsx and, at build time, by first-paint-plugin.ts (the files the server preloads for a page).
 */
export const PAGES_WITHOUT_SERVER_DATA: ReadonlySet<string> = new Set([
  'welcome',
  'not-found',
  'privacy-and-legal',
]);

/** A public page drawn into the HTML at build time (prerender.tsx), shown until the app has rendered. */
export interface PrerenderedPage {
  page: string;
  /** The path it is drawn at. */
  path: string;
  /** A query parameter the request must carry for this drawing to fit (the page shows another state without). */
  requires?: string;
}

/** The public pages of a first visit (ADR 018): their first paint comes with the HTML. */
export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  { page: 'welcome', path: '/welcome' },
  { page: 'id-nectar-card-check', path: '/id/start/nectar-card-check' },
  { page: 'id-login', path: '/id/start/login?uid=prerendered', requires: 'uid' },
];
