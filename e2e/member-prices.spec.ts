import {
  chooseEssentialCookiesOnly,
  designScreenshot,
  expect,
  seriousAxeViolations,
  test,
} from './fixtures.ts';

const pence = (pounds: string) => Math.round(Number(pounds.replace('£', '')) * 100);

// @phone: on a phone the category chips scroll in their own row and stay in view over the list.
test('a visitor reads how member prices work, narrows the price list to one category and pages through it by 24 @phone', async ({
  page,
  consoleErrors,
}) => {
  const shot = (name: string, fullPage = true) =>
    designScreenshot(page, `member-prices-${name}`, { fullPage });

  // The rows come from the server a page at a time, not from the web app's code.
  const firstPage = page.waitForResponse(
    (response) =>
      response.url().includes('/documents-api/member-prices/catalogue.json?category=all&page=1') &&
      response.status() === 200,
  );
  await page.goto('/how-to-get-nectar-prices');
  await firstPage;
  await chooseEssentialCookiesOnly(page);
  await expect(page.getByRole('heading', { level: 1, name: 'How to get Nectar Prices' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Scan your card at the till' })).toBeVisible();
  await expect(page.getByText('Got a temporary card? You get Nectar Prices too.')).toBeVisible();

  const categories = page.getByRole('group', { name: 'Category' });
  await expect(categories.getByRole('radio', { name: 'All Prices' })).toBeChecked();
  await expect(categories.getByRole('radio')).toHaveCount(11);
  const table = page.getByRole('table', { name: 'All Nectar Prices' });
  const products = table.getByRole('row').filter({ has: page.getByRole('rowheader') });
  // Page sizes: prices 24 items (docs/product/switches-and-constants.md §S9); several hundred rows in all.
  await expect(products).toHaveCount(24);
  const status = page.getByText(/^\d+ products, page 1 of \d+$/);
  await expect(status).toBeVisible();
  const [, total, pageCount] = /^(\d+) products, page 1 of (\d+)$/
    .exec((await status.textContent()) ?? '')!
    .map(Number);
  expect(total).toBeGreaterThanOrEqual(300);
  expect(pageCount).toBe(Math.ceil(total! / 24));

  // Each row has its product's image: sized, the first ones at once and the rest when scrolled near.
  const images = table.locator('img');
  await expect(images.first()).toHaveAttribute('loading', 'eager');
  await expect(images.nth(20)).toHaveAttribute('loading', 'lazy');
  await expect(images.first()).toHaveJSProperty('complete', true);
  expect(await images.first().evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).toBe(true);
  // Nothing is wider than the screen: the category chips scroll within their own row on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shot('all');

  // The catalogue terms (the PRICES_TNC popup), dates as the data gives them.
  await expect(page.getByText('Prices valid from 12 Feb to 3 Mar 2020.')).toBeVisible();
  await page.getByRole('button', { name: 'Terms and conditions' }).click();
  const terms = page.getByRole('dialog', { name: 'Nectar Prices terms and conditions' });
  await expect(terms.getByText('Valid from 12 Feb to 3 Mar 2020.')).toBeVisible();
  await expect(terms.getByText(/aged 18 or over/)).toBeVisible();
  await shot('terms', false);
  await terms.getByRole('button', { name: 'Close' }).click();
  await expect(terms).toBeHidden();

  // The choice lives in the address, so it can be shared and survives a reload.
  await categories.getByRole('radio', { name: 'Meat & fish' }).click();
  await expect(categories.getByRole('radio', { name: 'Meat & fish' })).toBeChecked();
  await expect(page).toHaveURL(/\?category=meat%26fish$/);
  const meat = page.getByRole('table', { name: 'Nectar Prices: Meat & fish' });
  const meatRows = meat.getByRole('row').filter({ has: page.getByRole('rowheader') });
  await expect(page.getByText(/^\d+ products in Meat & fish, page 1 of 2$/)).toBeVisible();
  await expect(meatRows).toHaveCount(24);
  for (const row of await meatRows.all()) {
    const [category, normal, member, save] = await row.getByRole('cell').allTextContents();
    expect(category).toBe('Meat & fish');
    // The member price is the normal price minus the saving.
    expect(pence(member!)).toBe(pence(normal!) - pence(save!));
    expect(pence(save!)).toBeGreaterThanOrEqual(10);
  }
  await shot('category');

  // Paged by 24: the next page, its heading in focus, and back.
  const pages = page.getByRole('navigation', { name: 'Pages of prices' });
  await pages.getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/\?category=meat%26fish&page=2$/);
  await expect(page.getByText(/^\d+ products in Meat & fish, page 2 of 2$/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Nectar Prices on groceries' })).toBeFocused();
  const secondCount = await meatRows.count();
  expect(secondCount).toBeGreaterThan(0);
  expect(secondCount).toBeLessThanOrEqual(24);
  await expect(pages.getByRole('link', { name: 'Next page' })).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('radio', { name: 'Meat & fish' })).toBeChecked();
  await expect(meatRows).toHaveCount(secondCount);
  await pages.getByRole('link', { name: 'Previous page' }).click();
  await expect(meatRows).toHaveCount(24);

  await categories.getByRole('radio', { name: 'All Prices' }).click();
  await expect(page).toHaveURL(/\/how-to-get-nectar-prices$/);
  // The whole list's first page has arrived (Meat & fish's first page has 24 rows too).
  await expect(status).toHaveText(/^\d+ products, page 1 of \d+$/);
  await expect(products).toHaveCount(24);

  // The category choice stays in view while the list scrolls by.
  await products.nth(20).scrollIntoViewIfNeeded();
  await expect(categories).toBeInViewport();
  await shot('scrolled', false);
  expect(consoleErrors).toEqual([]);
});
