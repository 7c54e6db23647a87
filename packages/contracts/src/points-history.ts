import { z } from 'zod';

/** Points per partner group in one month (POINTS_HISTORY_GROUPS in points-history-paths.ts). */
const byGroupSchema = /* @__PURE__ */ (() =>
  z.object({
    retailer: z.number().int().nonnegative(),
    fuel: z.number().int().nonnegative(),
    brands: z.number().int().nonnegative(),
    conversions: z.number().int().nonnegative(),
    other: z.number().int().nonnegative(),
  }))();

/** One calendar month (UK time) of the member's points. */
const monthSchema = /* @__PURE__ */ (() =>
  z.object({
    /** 'YYYY-MM'. */
    month: z.string().regex(/^\d{4}-\d{2}$/),
    /** The balance when the month ended; for the current month, the balance now. */
    balance: z.number().int(),
    /** Points added in the month, per group. */
    earned: byGroupSchema,
    /** Points taken in the month (spent, converted away), per group, as positive numbers. */
    spent: byGroupSchema,
  }))();

/** GET /ledger-api/points-history (ADR 041): the last 12 months, oldest first. */
export const pointsHistorySchema = /* @__PURE__ */ (() =>
  z.object({
    months: z.array(monthSchema),
    /** The balance before the first month began. */
    openingBalance: z.number().int(),
    /** Ledger entries in the 12 months: none means a member with nothing to chart yet. */
    entries: z.number().int().nonnegative(),
  }))();
export type PointsHistory = z.infer<typeof pointsHistorySchema>;
export type PointsHistoryMonth = z.infer<typeof monthSchema>;
