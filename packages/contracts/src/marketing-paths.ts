/**
 * Marketing events, pods and statistics.
 * Each path is written once here; no zod in this file, so a page that imports it loads no schema.
 */
export const marketingPaths = {
  event: (eventId: string) => `/marketing-api/events/${encodeURIComponent(eventId)}`,
  pods: '/marketing-api/pods',
  statistic: (name: string) => `/marketing-api/statistics/${encodeURIComponent(name)}`,
} as const;
