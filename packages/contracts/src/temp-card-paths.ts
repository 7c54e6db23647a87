/**
 * The 30-day temporary card's calls (nectar-lite).
 * Each path is written once here; no zod in this file, so a page that imports it loads no schema.
 */
export const tempCardPaths = {
  accessEmail: '/nectar-lite/access-email',
  card: (token: string) => `/nectar-lite/card?token=${encodeURIComponent(token)}`,
} as const;
