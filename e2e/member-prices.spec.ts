import {
  chooseEssentialCookiesOnly,
  designScreenshot,
  expect,
  seriousAxeViolations,
  test,
} from './fixtures.ts';

// @phone: on a phone the category chips scroll in their own row and stay in view over the list.
test('a visitor reads how member prices work and narrows the price list to one category @phone', async ({
  page,
  consoleErrors,
}) => {
  const shot = (name: string, fullPage = true) =>
    designScreenshot(page, `member-prices-${name}`, { fullPage });

  await page.goto('/how-to-get-nectar-prices');
  await chooseEssentialCookiesOnly(page);
  await expect(page.getByRole('heading', { level: 1, name: 'How to get Nectar Prices' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Scan your card at the till' })).toBeVisible();
  await expect(page.getByText('Got a temporary card? You get Nectar Prices too.')).toBeVisible();

  const categories = page.getByRole('group', { name: 'Category' });
  await expect(categories.getByRole('radio', { name: 'All Prices' })).toBeChecked();
  await expect(categories.getByRole('radio')).toHaveCount(11);
  const table = page.getByRole('table', { name: 'All Nectar Prices' });
  const products = table.getByRole('row').filter({ has: page.getByRole('rowheader') });
  const allCount = await products.count();
  expect(allCount).toBeGreaterThanOrEqual(40);
  await expect(page.getByText(`${allCount} products`)).toBeVisible();
  // Nothing is wider than the screen: the category chips scroll within their own row on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  // The phone's scan of this page (public-pages.spec.ts scans it at desktop width as well).
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shot('all');

  // The choice lives in the address, so it can be shared and survives a reload.
  await categories.getByRole('radio', { name: 'Meat & fish' }).click();
  await expect(categories.getByRole('radio', { name: 'Meat & fish' })).toBeChecked();
  await expect(page).toHaveURL(/\?category=meat%26fish$/);
  const meat = page.getByRole('table', { name: 'Nectar Prices: Meat & fish' });
  const meatRows = meat.getByRole('row').filter({ has: page.getByRole('rowheader') });
  const meatCount = await meatRows.count();
  expect(meatCount).toBeGreaterThan(0);
  expect(meatCount).toBeLessThan(allCount);
  await expect(page.getByText(`${meatCount} products in Meat & fish`)).toBeVisible();
  for (const row of await meatRows.all()) {
    await expect(row.getByRole('cell').first()).toHaveText('Meat & fish');
  }
  // The member price is the normal price minus the discount.
  await expect(meat.getByRole('row', { name: /Scottish Salmon Fillets/ }).getByRole('cell')).toHaveText([
    'Meat & fish',
    '£4.50',
    '£3.25',
    '£1.25',
  ]);
  await shot('category');

  await page.reload();
  await expect(page.getByRole('radio', { name: 'Meat & fish' })).toBeChecked();
  await expect(meatRows).toHaveCount(meatCount);

  await categories.getByRole('radio', { name: 'All Prices' }).click();
  await expect(page).toHaveURL(/\/how-to-get-nectar-prices$/);
  await expect(products).toHaveCount(allCount);

  // The category choice stays in view while the long list scrolls by.
  await products.nth(allCount - 5).scrollIntoViewIfNeeded();
  await expect(categories).toBeInViewport();
  await shot('scrolled', false);
  expect(consoleErrors).toEqual([]);
});
