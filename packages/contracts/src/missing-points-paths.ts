/**
 * Missing points' calls (ADR 043). Each path is written once here; no zod in this file, so a page that
 * imports it loads no schema.
 */
export const missingPointsPaths = {
  /** GET: the member's claims, newest first; POST (multipart): a claim, matched first. */
  claims: '/ledger-api/missing-points',
  /** GET: points on their way (pending entries not yet in the balance). */
  pending: '/ledger-api/pending-points',
} as const;
