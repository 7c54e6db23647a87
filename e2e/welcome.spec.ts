import { designScreenshot, expect, seriousAxeViolations, test } from './fixtures.ts';

test('a visitor opens the welcome page', async ({ page, consoleErrors }) => {
  await page.goto('/welcome');
  await expect(page.getByRole('heading', { level: 1, name: /Collect Nectar points/ })).toBeVisible();
  // The page's own ways in (the header has them too).
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Register' })).toBeVisible();
  // Before the cookie choice, so the scan takes in the consent banner (public-pages.spec.ts scans the page after).
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
  await designScreenshot(page, 'welcome');
});

test('the root address shows the welcome page too', async ({ page, consoleErrors }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /Collect Nectar points/ })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("the server's drawing is painted before the app's code is fetched", async ({ page, consoleErrors }) => {
  await page.goto('/welcome');
  // The app has taken the page over: its code has loaded.
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  const timings = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
    appCode: performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/(start-up|client)-[\w-]+\.js$/.test(entry.name))
      .map((entry) => entry.startTime),
  }));
  // React's code and the app's start: both, and neither before the paint (Lighthouse counts a request that
  // started before it as holding it up, and on a slow line it would share the line with the style sheet).
  expect(timings.appCode).toHaveLength(2);
  for (const started of timings.appCode) expect(started).toBeGreaterThanOrEqual(timings.firstPaint);
  expect(consoleErrors).toEqual([]);
});
