/**
 * Points over time (docs/decisions/041-points-over-time.md): the member's balance at the end
 * of each of the last 12 months and the points earned and spent each month, by partner group.
 * No zod in this file, so a page that imports it loads no schema (the payload is in points-history.ts).
 */
export const pointsHistoryPaths = { history: '/ledger-api/points-history' } as const;

/**
 * The partner groups of the chart, in the order they stack. How each ledger entry falls into one is written in
 * apps/server/src/modules/points-history/service.ts (groupOf) and ADR 041.
 */
export const POINTS_HISTORY_GROUPS = ['retailer', 'fuel', 'brands', 'conversions', 'other'] as const;
export type PointsHistoryGroup = (typeof POINTS_HISTORY_GROUPS)[number];

/** Months shown: the current one (so far) and the 11 before it. */
export const POINTS_HISTORY_MONTHS = 12;
/** Months are the scheme's calendar months, in UK time. */
export const POINTS_HISTORY_TIME_ZONE = 'Europe/London';
