/**
 * analytics-api calls (docs/product/signed-in-pages.md §S4 and docs/product/calls-and-errors.md §S7.8), made
 * by start-up code: this file holds only these two paths and no zod, so every page's first-route JS carries
 * nothing more.
 */
export const analyticsPaths = {
  pageViews: '/analytics-api/page-views',
  events: '/analytics-api/events',
} as const;
