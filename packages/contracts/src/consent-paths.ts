/**
 * The consent page's calls (identity-api, ADR 017): what an app asks for, and the member's answer.
 * Each path is written once here; no zod in this file, so a page that imports it loads no schema.
 */
export const consentPaths = {
  consent: (uid: string) => `/identity-api/consent/${encodeURIComponent(uid)}`,
} as const;
