import { z } from 'zod';

/**
 * The year-in-review id kept in the browser and cleared on logout
 * (docs/product/switches-and-constants.md §S9: 'year-in-review').
 */
export const YEAR_IN_REVIEW_ID = 'year-in-review';
/**
 * The first year with activity (docs/product/switches-and-constants.md §S9: activity start date 2025-01-01).
 */
export const FIRST_PLAYBACK_YEAR = 2025;
/** What 200 points are worth at the till, in pounds (the help centre's 'Every 200 points are worth £1'). */
export const POINTS_PER_POUND = 200;

/**
 * GET /year-in-review-api/playbacks/{year} (docs/product/calls-and-errors.md §S7.8: path and payload not
 * shown; ADR 015).
 */
export const playbackSchema = /* @__PURE__ */ (() =>
  z.object({
    year: z.number().int(),
    firstName: z.string(),
    pointsCollected: z.number().int(),
    pointsSpent: z.number().int(),
    /** Pounds the spent points took off the member's shopping. */
    savedPounds: z.number(),
    /** Entries that added points: visits to a till or a partner. */
    collections: z.number().int(),
    topPartners: z.array(z.object({ source: z.string(), name: z.string(), points: z.number().int() })),
    /** The month (1-12) with the most points collected, when there was any. */
    bestMonth: z.number().int().min(1).max(12).nullable(),
    bestMonthPoints: z.number().int(),
  }))();
export type Playback = z.infer<typeof playbackSchema>;
export const yearParamSchema = /* @__PURE__ */ (() =>
  z.coerce.number().int().min(FIRST_PLAYBACK_YEAR).max(2100))();
