import type { Page } from '@playwright/test';
import {
  chooseEssentialCookiesOnly,
  designScreenshot,
  expect,
  freshMember,
  seriousAxeViolations,
  test,
} from './fixtures.ts';

/** A real 1x1 PNG: the receipt photo (the server checks its content, not its name). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** A day some days ago in the UK, typed as a UK member types it: Day, Month and Year boxes (27 3 2026). */
async function typePurchaseDate(page: Page, daysAgo: number) {
  const [day, month, year] = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
  })
    .format(new Date(Date.now() - daysAgo * 86_400_000))
    .split('/');
  const date = page.getByRole('group', { name: 'Date of purchase' });
  await date.getByLabel('Day').fill(day ?? '');
  await date.getByLabel('Month').fill(month ?? '');
  await date.getByLabel('Year').fill(year ?? '');
}

/** How far the page is wider than the window (0: nothing to scroll sideways). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

// @phone: the form and the claims list at a phone's width as well as a desktop's.
test('a member claims missing points: an instant answer for points on their way, then a stored claim with a receipt @phone', async ({
  page,
  consoleErrors,
}) => {
  await freshMember(page.request);
  // Points on their way for this member (the tester tool), so the first claim is answered at once.
  const pending = await page.request.post('/dev/missing-points/pending', {
    headers: { channel: 'JS-WEB' },
    data: {
      partner: 'argos',
      daysAgo: 2,
      spendPence: 6400,
      reference: 'ARG-5521-0907',
      points: 128,
      dueInDays: 4,
    },
  });
  expect(pending.status()).toBe(201);

  await page.goto('/account');
  await chooseEssentialCookiesOnly(page);
  await page.getByRole('link', { name: /^Missing points/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Missing points' })).toBeVisible();
  await expect(page.getByText(/You haven’t claimed any missing points/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Points on their way' })).toBeVisible();
  await designScreenshot(page, 'missing-points-empty');

  await page.getByRole('link', { name: 'Claim missing points' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Claim missing points' })).toBeVisible();
  // The form fits the window: on a phone nothing scrolls sideways (a bare file input once pushed it 7 px
  // wider).
  expect(await sidewaysOverflow(page)).toBe(0);
  await designScreenshot(page, 'missing-points-claim');
  // Sent empty: the summary lists what is missing, and keeps the page.
  await page.getByRole('button', { name: 'Send claim' }).click();
  await expect(page.getByRole('alert', { name: 'There is a problem' })).toBeFocused();
  await designScreenshot(page, 'missing-points-errors');
  expect(await seriousAxeViolations(page)).toEqual([]);
  // The date's error is the group's, and its link in the summary takes the member to the Day box.
  const date = page.getByRole('group', { name: 'Date of purchase' });
  await expect(date).toContainText('Enter the date of your purchase.');
  await page.getByRole('link', { name: 'Date of purchase: Enter the date of your purchase.' }).click();
  await expect(date.getByLabel('Day')).toBeFocused();
  // An impossible date is refused in the browser, by the group, with the day at fault.
  await date.getByLabel('Day').fill('31');
  await date.getByLabel('Month').fill('2');
  await date.getByLabel('Year').fill('2026');
  await page.getByRole('button', { name: 'Send claim' }).click();
  await expect(date).toContainText('Enter a real date, for example 27 3 2026.');
  await expect(date.getByLabel('Day')).toHaveAttribute('aria-invalid', 'true');
  await expect(date.getByLabel('Month')).not.toHaveAttribute('aria-invalid');

  await page.getByLabel('Where you shopped').selectOption({ label: 'Argos' });
  await typePurchaseDate(page, 2);
  await page.getByLabel('Amount spent').fill('64.00');
  await page.getByLabel('Receipt or order reference').fill('arg 5521 0907');
  await page.getByRole('button', { name: 'Send claim' }).click();
  await expect(page.getByRole('heading', { name: 'These points are on their way' })).toBeFocused();
  await expect(page.getByText(/Its 128 points will be in your balance by/)).toBeVisible();
  await designScreenshot(page, 'missing-points-on-their-way');

  // Another purchase, not in the member's records: stored OPEN, with the receipt photo.
  await page.getByRole('button', { name: 'Claim for another purchase' }).click();
  await page.getByLabel('Where you shopped').selectOption({ label: 'Habitat' });
  await typePurchaseDate(page, 5);
  await page.getByLabel('Amount spent').fill('89.50');
  await page.getByLabel('Receipt or order reference').fill('HAB-300-77');
  // The file input is hidden from sight, not from the keyboard: its focus ring shows on the button drawn for
  // it.
  await page.getByLabel('Receipt or order reference').press('Tab');
  const receipt = page.getByLabel('Photo of the receipt (optional)');
  await expect(receipt).toBeFocused();
  await expect(page.getByText('Choose a photo or PDF')).toHaveCSS('outline-style', 'solid');
  await receipt.setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Choose another file')).toBeVisible();
  // Its name and size beside it (the first "receipt.png": the second is the Remove button's hidden word).
  await expect(page.getByText('receipt.png', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('1 KB', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove receipt.png' })).toBeVisible();
  expect(await sidewaysOverflow(page)).toBe(0);
  await designScreenshot(page, 'missing-points-receipt');
  await page.getByRole('button', { name: 'Send claim' }).click();
  await expect(page.getByRole('heading', { name: "We've got your claim" })).toBeFocused();

  await page.getByRole('link', { name: 'See your claims' }).click();
  const claim = page.getByRole('listitem').filter({ hasText: 'Habitat' });
  await expect(claim.getByRole('heading', { name: /^Habitat, / })).toBeVisible();
  await expect(claim).toContainText('Open: we’re looking into it');
  await expect(claim).toContainText('£89.50 · reference HAB-300-77 · receipt attached');
  await designScreenshot(page, 'missing-points-list');
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
