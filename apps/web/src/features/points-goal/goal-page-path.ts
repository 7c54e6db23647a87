/** Where the goal's page is (packages/contracts/src/routes.ts, 'points-goal'). */
export const GOAL_PAGE_PATH = '/activity/goal';
