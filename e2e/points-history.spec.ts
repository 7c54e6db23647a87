import {
  chooseEssentialCookiesOnly,
  designScreenshot,
  expect,
  freshMember,
  seriousAxeViolations,
  test,
} from './fixtures.ts';

const TABLE = /^Your points month by month/;

// @phone: the charts and the table at a phone's width as well as a desktop's.
test('a member with a year of points sees their balance and partners over 12 months, as charts and as a table @phone', async ({
  page,
  consoleErrors,
}, testInfo) => {
  // A year of dated points: weekly shops, monthly fuel, brands, two spends and a conversion to Avios.
  await freshMember(page.request, { history: 'year' });
  const { balance } = (await (await page.request.get('/balance-api/balance')).json()) as { balance: number };

  await page.goto('/card/activity');
  await chooseEssentialCookiesOnly(page);
  await page
    .getByRole('navigation', { name: 'More about your points' })
    .getByRole('link', { name: 'Points over time' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your points over time' })).toBeVisible();
  await expect(page).toHaveTitle(/Your points over time/);

  // The balance, as the balance call says it, and each chart summed up in words.
  await expect(page.getByRole('term').filter({ hasText: 'Balance now' })).toBeVisible();
  await expect(page.getByRole('definition').first()).toHaveText(`${balance.toLocaleString('en-GB')} points`);
  await expect(
    page.getByRole('figure', { name: new RegExp(`to ${balance.toLocaleString('en-GB')} points now`) }),
  ).toBeVisible();
  const partners = page.getByRole('figure', { name: /^In the last 12 months you earned/ });
  await expect(partners).toBeVisible();
  // Both charts drawn (a canvas each), neither heard by a screen reader.
  for (const figure of [page.getByRole('figure').first(), partners]) {
    await expect(figure.locator('canvas').first()).toBeVisible();
  }

  // The table holds every figure: 12 months, newest first, the groups the year had.
  const table = page.getByRole('table', { name: TABLE });
  await expect(table.getByRole('rowheader')).toHaveCount(12);
  await expect(table.getByRole('rowheader').first()).toContainText('(so far)');
  const firstRow = table.getByRole('row').nth(2);
  await expect(firstRow.getByRole('cell').first()).toHaveText(balance.toLocaleString('en-GB'));
  for (const column of [
    'Points earned',
    'Points spent',
    "Sainsbury's",
    'Esso',
    'Partner brands',
    'Conversions',
  ]) {
    await expect(table.getByRole('columnheader', { name: column, exact: true }).first()).toBeVisible();
  }

  // A keyboard reaches the table's region (it scrolls sideways on a phone) and can move through it.
  const region = page.getByRole('region', { name: TABLE });
  await region.focus();
  await expect(region).toBeFocused();
  if (testInfo.project.name === 'phone') {
    const before = await region.evaluate((element) => element.scrollLeft);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(before);
  }

  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('points-history.png'), fullPage: true });
  await designScreenshot(page, 'points-history');
  expect(consoleErrors).toEqual([]);
});

test('a new member sees an empty state, not empty charts', async ({ page, consoleErrors }, testInfo) => {
  await freshMember(page.request);
  await page.goto('/activity/points');
  await chooseEssentialCookiesOnly(page);
  await expect(page.getByText(/^No points yet/)).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'See your offers' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('points-history-empty.png') });
  expect(consoleErrors).toEqual([]);
});
