import { analyticsPaths } from '@app/contracts/analytics-paths';
import { ANALYTICS_PAGE_NAMES } from '@app/contracts/routes';
import { request } from '../http/client.ts';

export interface PageView {
  pageName: string;
  path: string;
}
export type AnalyticsSink = (view: PageView) => void;

/**
 * Pages whose query carries a one-time code: the search part is never tracked
 * (docs/product/registration-and-sign-in.md §R2).
 */
const CONFIRM_PAGES = [
  '/confirm-sign-up',
  '/confirm-reset-password',
  '/confirm-email-address',
  '/confirm-update-email',
];

/**
 * What a page view reports, by the rules of docs/product/registration-and-sign-in.md §R2 and
 * docs/product/signed-in-pages.md §S2.5: nothing for /register paths; no search part for query-code and
 * confirm-* pages; the §S2.5 page names, else the path.
 */
export function pageViewFor(pathname: string, search: string): PageView | undefined {
  if (pathname.toLowerCase().startsWith('/register')) return undefined;
  const params = new URLSearchParams(search);
  const hasCode = params.has('code') || params.has('token');
  const keepSearch = !hasCode && !CONFIRM_PAGES.includes(pathname.toLowerCase());
  const path = keepSearch ? `${pathname}${search}` : pathname;
  return { pageName: ANALYTICS_PAGE_NAMES[pathname] ?? path, path };
}

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

/** The data layer trackers read (docs/product/calls-and-errors.md §S7.8). */
export const pushToDataLayer = (entry: Record<string, unknown>) => {
  window.dataLayer ??= [];
  window.dataLayer.push(entry);
};

/** Default sink: our own endpoint, which stores page views so the operator can count them. */
export const ownEndpointSink: AnalyticsSink = (view) => {
  request<void>(analyticsPaths.pageViews, { method: 'POST', body: view }).catch(() => undefined);
};

let sinks: AnalyticsSink[] = [ownEndpointSink];
/** Swap or add sinks (a third-party tracker, or none in tests). */
export const setAnalyticsSinks = (next: AnalyticsSink[]) => {
  sinks = next;
};

export function trackPageView(pathname: string, search: string) {
  const view = pageViewFor(pathname, search);
  if (!view) return;
  pushToDataLayer({ event: 'pageView', ...view });
  for (const sink of sinks) sink(view);
}
