import { chooseEssentialCookiesOnly, expect, test } from './fixtures.ts';

test('a visitor browses brands by category, searches one and opens its page', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/brands');
  await chooseEssentialCookiesOnly(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Brands' })).toBeVisible();
  const all = page.getByRole('region', { name: 'All brands' });
  await expect(all.getByText(/^\d+ brands$/)).toBeVisible();
  expect(await all.getByRole('listitem').count()).toBeGreaterThanOrEqual(40);
  // Its accessibility scan is in public-pages.spec.ts.

  await page.getByRole('navigation', { name: 'Brands' }).getByRole('link', { name: 'Categories' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Brand categories' })).toBeVisible();
  await page.getByRole('link', { name: 'Travel 9 brands' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Travel' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Expedia/ })).toBeVisible();

  await page.getByRole('navigation', { name: 'Brands' }).getByRole('link', { name: 'Search' }).click();
  const search = page.getByRole('searchbox', { name: 'Brand name' });
  await search.fill('argos');
  await search.press('Enter');
  const results = page.getByRole('region', { name: 'Search results' });
  await expect(results.getByText('1 brand', { exact: true })).toBeVisible();
  await results.getByRole('link', { name: /Argos/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Argos' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Double points weekend' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Collect with Argos' })).toBeVisible();

  // Nothing found: the empty state says so.
  await page.goto('/brands/search?q=zzzz');
  await expect(page.getByText(`We couldn't find a brand called "zzzz".`, { exact: false })).toBeVisible();

  await page.goto('/eshops/brands');
  await expect(page.getByRole('heading', { level: 1, name: 'eShop brands' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'eShop brands' }).getByRole('link', { name: /ASOS/ }),
  ).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
