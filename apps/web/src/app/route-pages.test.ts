import { describe, expect, it } from 'vitest';
import { ROUTES } from '@app/contracts/routes';
import { pages } from './pages.ts';
import { PlaceholderPage } from './placeholder-page.tsx';

/**
 * Pages of the route table still being built by other open issues when this test was written (issue 14).
 * They may show the placeholder until their issue lands; the lead empties this list as they do, and then
 * no route of the table may show 'This page is on its way'.
 */
const PAGES_OWNED_BY_OPEN_ISSUES: readonly string[] = [
  // Card, activity, spending and vouchers (issue 11).
  'replace-card',
  'request-card',
  'retrieve-card',
  'savings',
  'spend',
  'digital-receipt',
  'vouchers',
  'history',
  'redemption',
  'zero-point-redemption',
  'voucher-success',
  'voucher',
  'voucher-details',
  'card-activity',
  'card-savings',
  'card-spend',
  'activity-breakdown',
  'account-replace-card',
  'account-replace-card-reason',
  'account-request-card',
  'card-coming',
];

/** Every page a route of the table can show: its page, and the old page of a switch (the feedback route). */
const tablePages = [
  ...new Set(
    ROUTES.filter((route) => !route.catchAll).flatMap((route) => [
      route.page,
      ...(route.whenSwitchOff ? [route.whenSwitchOff.page] : []),
    ]),
  ),
].sort();

describe('no route of the table shows the placeholder', () => {
  it('lists only pages of the table as owned by open issues', () => {
    for (const page of PAGES_OWNED_BY_OPEN_ISSUES) expect(tablePages).toContain(page);
  });

  it.each(tablePages.filter((page) => !PAGES_OWNED_BY_OPEN_ISSUES.includes(page)))(
    '%s has its own page module, which is not the placeholder',
    async (page) => {
      const load = pages[page];
      expect(load, `no line for '${page}' in apps/web/src/app/pages.ts`).toBeDefined();
      const module = await load?.();
      expect(module?.Component).toBeTypeOf('function');
      expect(module?.Component).not.toBe(PlaceholderPage);
    },
    30_000,
  );
});
