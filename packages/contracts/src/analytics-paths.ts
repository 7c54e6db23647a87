/**
 * analytics-api calls (signed-in spec 4 and 7.8), made by start-up code: this file holds only these two paths
 * and no zod, so every page's first-route JS carries nothing more.
 */
export const analyticsPaths = {
  pageViews: '/analytics-api/page-views',
  events: '/analytics-api/events',
} as const;
