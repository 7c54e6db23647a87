import { expect, seriousAxeViolations, test } from './fixtures.ts';

test('a visitor opens the welcome page', async ({ page, consoleErrors }, testInfo) => {
  await page.goto('/welcome');
  await expect(page.getByRole('heading', { level: 1, name: /Collect Nectar points/ })).toBeVisible();
  // The page's own ways in (the header has them too).
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Register' })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('welcome.png'), fullPage: true });
});

test('the root address shows the welcome page too', async ({ page, consoleErrors }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /Collect Nectar points/ })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
