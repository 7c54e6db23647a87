import { chooseEssentialCookiesOnly, expect, freshMember, test } from './fixtures.ts';

const n = (value: number) => value.toLocaleString('en-GB');

// @phone: the goal's card and page at a phone's width as well as a desktop's.
test('a member picks a points goal, sees how close they are and when, then changes and removes it @phone', async ({
  page,
  consoleErrors,
}) => {
  // A year of dated points (weekly shops, fuel, brands, two spends, a conversion): a real 90-day pace.
  await freshMember(page.request, { history: 'year' });
  const { balance } = (await (await page.request.get('/balance-api/balance')).json()) as { balance: number };

  await page.goto('/card/activity');
  await chooseEssentialCookiesOnly(page);
  const card = page.getByRole('region', { name: 'Your points goal' });
  await card.getByRole('link', { name: 'Set a points goal' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Your points goal' })).toBeVisible();
  // 5,000 Avios: 8,000 points at the airline's 400 for 250, more than a year of shopping collects.
  await page
    .getByRole('group', { name: 'Partner rewards' })
    .getByRole('radio', { name: /^5,000 Avios/ })
    .check();
  await page.getByRole('button', { name: 'Set as my goal' }).click();

  await expect(page.getByRole('heading', { level: 2, name: '5,000 Avios' })).toBeVisible();
  await expect(page.getByText(/^Your goal is set/)).toBeVisible();
  await expect(page.getByRole('progressbar', { name: '5,000 Avios' })).toHaveAttribute(
    'aria-valuetext',
    `${n(balance)} of 8,000 points`,
  );
  await expect(page.getByText(`${n(8000 - balance)} to go`)).toBeVisible();
  await expect(
    page.getByText(/^(At your pace over the last 90 days, you could get there|No estimate yet)/),
  ).toBeVisible();

  // A goal already within reach: the way to spend.
  await page.getByRole('button', { name: 'Change goal' }).click();
  await page
    .getByRole('group', { name: 'Vouchers' })
    .getByRole('radio', { name: /^£2\.50 off your shopping/ })
    .check();
  await page.getByRole('button', { name: 'Save my new goal' }).click();
  await expect(page.getByText("You've got enough points for this.")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Spend your points' })).toHaveAttribute('href', '/redemption');

  // The activity page's card says the same, in short.
  await page.getByRole('link', { name: 'Back to your activity' }).click();
  await expect(card.getByText("£2.50 off your shopping at Sainsbury's")).toBeVisible();
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuetext', '500 of 500 points');
  await expect(card.getByRole('link', { name: 'Spend your points' })).toBeVisible();

  // Removed: the card invites again.
  await expect(card.getByText("You've got enough points for this.")).toBeVisible();
  await card.getByRole('link', { name: 'See your goal' }).click();
  await page.getByRole('button', { name: 'Remove goal' }).click();
  await expect(page.getByText(/^Your goal is removed/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'What are you saving for?' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
