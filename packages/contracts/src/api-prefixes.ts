/**
 * Path prefixes served as API (JSON) rather than by the single-page app. Where the specs show a call without
 * its service prefix, the call lives under one of these, with the spec's path beneath it (README lists them).
 * Unknown paths under a prefix answer 404 JSON; every other unknown path is the app's.
 */
export const API_PREFIXES = [
  '/progressive',
  '/identity-api',
  '/session-api',
  '/nectar-session-api',
  '/customer-management-api',
  '/nectar-brands-api',
  '/anonymous-nectar-brands-api',
  '/cms-api',
  '/linked-partners-api',
  '/points-exchange-api',
  '/balance-api',
  '/ledger-api',
  '/documents-api',
  '/customer-contact-api',
  '/year-in-review-api',
  '/marketing-api',
  '/offers-api',
  '/nectar-shared-transactions-api',
  '/anonymous-platform-status-api',
  '/nectar-lite',
  '/recaptcha',
  '/bot-check',
  '/oauth2',
  '/analytics-api',
  // Download my data (ADR 044).
  '/data-export-api',
  // Tills, pumps and eShops (docs/partner-api.md).
  '/partner-api',
  // The staff console's calls (docs/staff-console.md).
  '/staff-api',
  // Services of which only the prefixes are defined (docs/product/calls-and-errors.md §S7.8: paths and
  // payloads not shown): their calls, when they come, live under these; until then a path there answers 404
  // JSON, never the app.
  '/partner-integration-api',
  '/event-tracker-api',
  '/offer-tracking-api',
  '/rewards-api',
  '/lifecycle-api',
  '/marketing-documents-api',
  // The spend page's header name (docs/product/calls-and-errors.md §S7.1: GET /c/api/spend-document/name).
  '/c/api',
  '/dev/outbox',
  '/healthz',
  '/readyz',
  '/openapi.json',
  '/docs',
] as const;

export const isApiPath = (path: string): boolean =>
  API_PREFIXES.some(
    (prefix) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`),
  );
