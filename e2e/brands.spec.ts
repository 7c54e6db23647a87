import { chooseEssentialCookiesOnly, designScreenshot, expect, test } from './fixtures.ts';

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
  // The list filters while typing, no Enter needed.
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

// The similar brands switch is on where the journeys run (localhost is the local environment,
// docs/product/switches-and-constants.md §S9).
test('a brand page suggests similar brands of the same category, and says how many partners there are @phone', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/brands/expedia');
  await chooseEssentialCookiesOnly(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Expedia' })).toBeVisible();
  const similar = page.getByRole('region', { name: 'Similar brands' });
  const suggestions = similar.getByRole('link');
  await expect(suggestions.first()).toBeVisible();
  const count = await suggestions.count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(6);
  await expect(similar.getByRole('link', { name: /Expedia/ })).toHaveCount(0);
  // Nothing is wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await designScreenshot(page, 'brand-similar-brands');

  // A shop of the same category (the linked partners' pages are the linked-partners journey's).
  const first = suggestions.filter({ hasNotText: /Avios|Hotels\.com/ }).first();
  const name = (await first.locator('.brand-card__name').textContent()) ?? '';
  await first.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  // It is in a category of Expedia's: travel.
  await expect(page.getByRole('link', { name: 'Travel' }).last()).toBeVisible();

  // Partners count shown 500 (docs/product/switches-and-constants.md §S9): the brands page and the welcome
  // page say so.
  await page.goto('/brands');
  await expect(page.getByText('Collect Nectar points with our 500 partners')).toBeVisible();
  await page.goto('/welcome');
  await expect(page.getByText('Collect with 500 partners, load personalised offers')).toBeVisible();
  await expect(page.getByText("Nectar is run with Sainsbury's, Esso and 500 partners in all.")).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
