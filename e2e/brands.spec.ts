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
  // The list filters while typing, no Enter needed (issue 29, item 8).
  await search.pressSequentially('argos');
  const results = page.getByRole('region', { name: 'Search results' });
  await expect(results.getByText('1 brand', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/[?&]q=argos$/);
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

test("every brand's logo is its mark or its whole name as a wordmark, never initials", async ({ page }) => {
  await page.goto('/brands');
  await chooseEssentialCookiesOnly(page);
  const cards = page.getByRole('region', { name: 'All brands' }).getByRole('link');
  await expect(cards.first()).toBeVisible();
  const unescape = (text: string) =>
    text
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<');
  let wordmarks = 0;
  for (const card of await cards.all()) {
    const name = (await card.locator('.brand-card__name').textContent()) ?? '';
    const src = (await card.locator('img').getAttribute('src')) ?? '';
    const svg = await (await page.request.get(src)).text();
    const lettering = [...svg.matchAll(/>([^<]+)<\/text>/g)].map((match) => unescape(match[1] ?? ''));
    if (lettering.length > 0) {
      // A wordmark spells the whole name (a mark that needs it has the name under it).
      expect(lettering.join(' '), name).toBe(name);
      if (!svg.includes('<path')) wordmarks++;
    } else {
      expect(svg, name).toContain('<path');
    }
  }
  expect(wordmarks).toBeGreaterThan(10);
});
