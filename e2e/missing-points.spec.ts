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
const ukDay = (daysAgo: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
    new Date(Date.now() - daysAgo * 86_400_000),
  );

// @phone: the form and the claims list at a phone's width as well as a desktop's (issue 34, item 3).
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
  // Sent empty: the summary lists what is missing, and keeps the page.
  await page.getByRole('button', { name: 'Send claim' }).click();
  await expect(page.getByRole('alert', { name: 'There is a problem' })).toBeFocused();
  await designScreenshot(page, 'missing-points-errors');
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.getByLabel('Where you shopped').selectOption({ label: 'Argos' });
  await page.getByLabel('Date of purchase').fill(ukDay(2));
  await page.getByLabel('Amount spent').fill('64.00');
  await page.getByLabel('Receipt or order reference').fill('arg 5521 0907');
  await page.getByRole('button', { name: 'Send claim' }).click();
  await expect(page.getByRole('heading', { name: 'These points are on their way' })).toBeFocused();
  await expect(page.getByText(/Its 128 points will be in your balance by/)).toBeVisible();
  await designScreenshot(page, 'missing-points-on-their-way');

  // Another purchase, not in the member's records: stored OPEN, with the receipt photo.
  await page.getByRole('button', { name: 'Claim for another purchase' }).click();
  await page.getByLabel('Where you shopped').selectOption({ label: 'Habitat' });
  await page.getByLabel('Date of purchase').fill(ukDay(5));
  await page.getByLabel('Amount spent').fill('89.50');
  await page.getByLabel('Receipt or order reference').fill('HAB-300-77');
  await page.getByLabel('Photo of the receipt (optional)').setInputFiles({
    name: 'receipt.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
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
