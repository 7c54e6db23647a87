import type { Page } from '@playwright/test';
import { expect, layoutShiftSoFar, startSession, test } from './fixtures.ts';

/**
 * Keeps the drawn page's main heading as the HTML brought it, before any script of the app ran, so that the
 * journey can tell a hydrated drawing (the same element, still in the page) from one the app drew again.
 */
const keepDrawnHeading = (page: Page) =>
  page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { drawnHeading?: Element | null }).drawnHeading =
        document.querySelector('#root main h1');
    });
  });
/**
 * What the app says in the console when its first render does not match the drawing (apps/web start-up.tsx):
 * a warning, since the page still works (drawn again), which these journeys do not allow.
 */
const hydrationWarnings = (page: Page) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('Hydration mismatch')) warnings.push(message.text());
  });
  return warnings;
};

/** Whether the heading on the page now is the one the server drew (ADR 045: hydrated, not replaced). */
const headingIsTheDrawnOne = (page: Page) =>
  page.evaluate(() => {
    const drawn = (window as unknown as { drawnHeading?: Element | null }).drawnHeading;
    return Boolean(drawn?.isConnected) && drawn === document.querySelector('#root main h1');
  });

/**
 * Opens `path` until it arrives drawn: the server sends a page without its drawing when the drawing is late (a
 * busy machine), and these journeys are about the drawn page.
 */
const openDrawn = (page: Page, path: string) =>
  expect(async () => {
    await page.goto(path);
    expect(await page.evaluate(() => Boolean((window as { drawnHeading?: unknown }).drawnHeading))).toBe(
      true,
    );
  }).toPass({ timeout: 30_000 });

test("the homepage arrives drawn with the member's own numbers, and the app hydrates it without a shift @phone", async ({
  page,
  consoleErrors,
}) => {
  await startSession(page);

  // The server's drawing (ADR 022): in the HTML itself, before any JavaScript runs.
  await expect(async () => {
    const html = await (await page.request.get('/homepage')).text();
    const root =
      /<div id="root" data-prerendered inert>([\s\S]*?)<\/div><script type="application\/json" id="page-answers">/.exec(
        html,
      )?.[1] ?? '';
    expect(root).toContain('Hello Alex');
    expect(root).toContain('2,450');
    expect(root).toContain('New offers for you');
    // The cookie banner is drawn too, for a visitor still to choose: painted with the page, not seconds later.
    expect(root).toContain('Cookies on this site');
    expect(html).not.toContain('<html class="consent-chosen"');
  }).toPass({ timeout: 15_000 });

  await keepDrawnHeading(page);
  const mismatches = hydrationWarnings(page);
  await openDrawn(page, '/homepage');
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered', { timeout: 15_000 });
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await expect(page.getByRole('heading', { level: 1, name: 'Hello Alex' })).toBeVisible();
  expect(await headingIsTheDrawnOne(page)).toBe(true);
  const shift = await layoutShiftSoFar(page);
  expect(mismatches).toEqual([]);
  expect(shift.total, shift.moved.join('; ')).toBeLessThan(0.01);
  // The page takes input: the consent banner answers.
  await page.getByRole('button', { name: 'Essential cookies only' }).click();
  await expect(page.getByRole('region', { name: 'Cookies on this site' })).toHaveCount(0);
  // Once chosen, the server sends the page marked so that its drawn banner stays hidden, from the first paint.
  const chosen = await (await page.request.get('/homepage')).text();
  expect(chosen).toContain('<html class="consent-chosen"');
  await page.goto('/homepage');
  await expect(page.getByRole('heading', { level: 1, name: 'Hello Alex' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cookies on this site' })).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
  expect(mismatches).toEqual([]);
});

// ADR 040: the other signed-in pages of the performance budget come drawn with their first reads too.
for (const { path, heading, shows } of [
  { path: '/card/activity', heading: 'Your activity', shows: '2,450' },
  { path: '/offers/sainsburys', heading: /offers/i, shows: 'offer-card' },
  { path: '/account', heading: 'Your account', shows: 'Alex' },
  { path: '/brands', heading: 'Brands', shows: 'Ways to collect' },
]) {
  test(`${path} arrives drawn with the member's data, and the app hydrates it without a shift @phone`, async ({
    page,
    consoleErrors,
  }) => {
    await startSession(page);
    await expect(async () => {
      const html = await (await page.request.get(path)).text();
      const root =
        /<div id="root" data-prerendered inert>([\s\S]*?)<\/div><script type="application\/json" id="page-answers">/.exec(
          html,
        )?.[1] ?? '';
      expect(root).toContain(shows);
    }).toPass({ timeout: 15_000 });

    await keepDrawnHeading(page);
    const mismatches = hydrationWarnings(page);
    await openDrawn(page, path);
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered', { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(await headingIsTheDrawnOne(page)).toBe(true);
    const shift = await layoutShiftSoFar(page);
    expect(mismatches).toEqual([]);
    expect(shift.total, shift.moved.join('; ')).toBeLessThan(0.05);
    expect(consoleErrors).toEqual([]);
  });
}

// ADR 045: the public pages the build draws are hydrated too.
for (const path of ['/welcome', '/id/start/nectar-card-check']) {
  test(`${path} arrives drawn by the build, and the app hydrates it without a shift @phone`, async ({
    page,
    consoleErrors,
  }) => {
    await keepDrawnHeading(page);
    const mismatches = hydrationWarnings(page);
    await openDrawn(page, path);
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered', { timeout: 15_000 });
    await expect(page.locator('#root main h1')).toBeVisible();
    expect(await headingIsTheDrawnOne(page)).toBe(true);
    const shift = await layoutShiftSoFar(page);
    expect(mismatches).toEqual([]);
    expect(shift.total, shift.moved.join('; ')).toBeLessThan(0.01);
    expect(consoleErrors).toEqual([]);
  });
}
