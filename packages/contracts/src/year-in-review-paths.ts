/**
 * The year in review's call.
 * Each path is written once here; no zod in this file, so a page that imports it loads no schema.
 */
export const yearInReviewPaths = {
  playback: (year: string) => `/year-in-review-api/playbacks/${encodeURIComponent(year)}`,
} as const;
