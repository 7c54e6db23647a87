import type { Page } from '@playwright/test';
import { ROUTES, SIGN_IN_PATH, type AppRoute } from '@app/contracts/routes';
import { chooseEssentialCookiesOnly, expect, seriousAxeViolations, test } from './fixtures.ts';

/**
 * Every public page as a visitor first sees it, once: its heading, no console errors, no serious accessibility
 * problems. This is the scan of these pages; journeys scan only the states they reach (a dialog open, an
 * error shown, a member's view).
 */

/** Parameter values that exist in the demo data (a year played back, an event, a statistic). */
const EXISTING: Record<string, string> = {
  year: '2026',
  yirId: 'year-in-review',
  eventId: 'winter-bonus-weeks',
  id: 'winter-bonus-weeks',
  x: 'points',
};
const sample = (pattern: string) =>
  pattern.replace(/:(\w+)/g, (_, name: string) => EXISTING[name] ?? `sample-${name}`);

/**
 * The heading a visitor sees where it is not the route's own title: a page named after what it shows, a
 * made-up token or key that the page says it cannot show, a member's page that sends a visitor to sign in.
 */
const HEADING_SEEN: Record<string, string> = {
  '/offer-redirect': 'Enter your card number',
  '/offer-event/winter-bonus-weeks': 'Winter bonus weeks',
  '/skinnyevent/winter-bonus-weeks': 'Winter bonus weeks',
  '/event': 'Bonus points event',
  '/statistics/points': 'Points collected',
  '/pending-reset-password': 'Reset your password',
  '/temp-card/your-card/sample-token': "We can't show this card",
  '/offercard-preview/sample-jwtToken': "This preview isn't available",
  '/herocard-preview/sample-jwtToken': "This preview isn't available",
  '/offerdetails-preview/sample-jwtToken': "This preview isn't available",
  '/two-factor-authentication/sample-token': "Check it's you",
  '/brands/categories/sample-categoryId': 'Category not found',
  '/brands/sample-brandDetailsKey': 'Brand not found',
  '/brands/sample-brandDetailsKey/conversion': 'Brand not found',
  '/sso-redirection': "We can't take you there",
};

const publicPages = ROUTES.filter(
  (route) =>
    route.access === 'public' &&
    !route.catchAll &&
    // These pages leave for the identity provider or finish a flow at once; their own journeys cover them.
    !['/logout', '/oauth_redirect'].includes(route.path) &&
    !route.path.startsWith('/id/start/'),
);

/** A page's spinner while it waits for the server (its status message). */
const PENDING = /^(Loading|Putting your year together|Checking your link|Finding your offer)/;

/** What the visitor sees of one page, once it has what it asked the server for; answers the problems found. */
async function visit(page: Page, consoleErrors: string[], route: AppRoute) {
  const path = sample(route.path);
  const problems: string[] = [];
  const before = consoleErrors.length;
  const response = await page.goto(path);
  if (response?.status() !== 200) problems.push(`${path}: HTTP ${response?.status()}`);
  await expect(
    page.getByRole('heading', { level: 1, name: HEADING_SEEN[path] ?? route.title }),
  ).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: PENDING })).toHaveCount(0);
  const violations = await seriousAxeViolations(page);
  if (violations.length) problems.push(`${path}: ${violations.join('; ')}`);
  // Pages of a one-time link ask the server about their (here made-up) token, which answers 400 or 404.
  // Pages that show a member's own data send a visitor to sign-in, after the server's 401 for their call.
  const expectsFailedLoad =
    /:(token|jwtToken)\b/.test(route.path) || new URL(page.url()).pathname === SIGN_IN_PATH;
  const errors = consoleErrors
    .slice(before)
    .filter((error) => !(expectsFailedLoad && /status of 4\d\d/.test(error)));
  if (errors.length) problems.push(`${path}: ${errors.join('; ')}`);
  return problems;
}

// A few pages to a test: the workers share them out, and a browser's cache serves the app's code to the next page.
const PAGES_PER_TEST = 9;
for (let start = 0; start < publicPages.length; start += PAGES_PER_TEST) {
  const pages = publicPages.slice(start, start + PAGES_PER_TEST);
  const first = sample(pages[0]?.path ?? '');
  const last = sample(pages.at(-1)?.path ?? '');
  test(`the public pages from ${first} to ${last} render without console errors or serious accessibility problems`, async ({
    page,
    consoleErrors,
  }) => {
    // Nine pages, each drawn and scanned by axe: on a busy 2-core machine that takes over a minute.
    test.setTimeout(180_000);
    // The consent choice is made once so the banner does not cover every page.
    await page.goto('/welcome');
    await chooseEssentialCookiesOnly(page);
    const problems: string[] = [];
    for (const route of pages) problems.push(...(await visit(page, consoleErrors, route)));
    expect(problems).toEqual([]);
  });
}
