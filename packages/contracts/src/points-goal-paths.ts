/**
 * The points goal's calls (ADR 042): GET, PUT and DELETE the member's one goal, and the
 * rewards a goal can be.
 * Each path is written once here; no zod in this file, so a page that imports it loads no schema.
 */
export const pointsGoalPaths = {
  goal: '/ledger-api/points-goal',
  options: '/ledger-api/points-goal/options',
} as const;
