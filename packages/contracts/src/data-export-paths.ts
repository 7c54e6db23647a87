/**
 * "Download my data" (ADR 044). Each path is written once here; no zod in this file, so a page that imports
 * it loads no schema.
 */
export const dataExportPaths = {
  /** GET: the member's latest request; POST: ask for a copy (once a day). */
  requests: '/data-export-api/requests',
  /** POST {token}: whether the emailed link is the member's and still works; uses nothing. */
  check: '/data-export-api/downloads/check',
  /** POST {token}: the zip, once. */
  download: '/data-export-api/downloads',
} as const;

/** The page an emailed link opens (routes.ts: account-your-data-download). */
export const dataExportDownloadPath = (token: string) =>
  `/account/your-data/download/${encodeURIComponent(token)}`;
