import type { APIRequestContext, Page } from '@playwright/test';
import { linkedPartnerMessages as m, REDEEMED_MESSAGE } from '@app/contracts/linked-partners';
import {
  chooseEssentialCookiesOnly,
  expect,
  freshMember,
  seriousAxeViolations,
  startSession,
  test,
} from './fixtures.ts';
import { latestCode } from './outbox.ts';

/**
 * A sandbox airline account of this journey's own (last name Morgan, 12,000 Avios), made by the tester tool.
 */
const newAirlineAccount = () => `BA${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

const setSandbox = (request: APIRequestContext, membershipNumber: string, failure: 'none' | 'error') =>
  request.post('/dev/linked-partners/sandbox', {
    headers: { channel: 'JS-WEB' },
    data: {
      kind: 'airline',
      membershipNumber,
      lastName: 'Morgan',
      failure,
      ...(failure === 'none' ? { balance: 12_000 } : {}),
    },
  });

async function convert(page: Page, email: string, direction: string, points: string, expectReceived: string) {
  await page.getByRole('link', { name: 'Convert points with British Airways Avios' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Convert your points' })).toBeVisible();
  await page.getByRole('radio', { name: direction }).check();
  await page.getByRole('textbox', { name: / to convert$/ }).fill(points);
  await expect(page.getByText(expectReceived)).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm it is you' })).toBeVisible();
  await expect(page.getByText(/We've sent a code to your email/)).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Code' })
    .fill(await latestCode(page.request, email, 'conversion code'));
  await page.getByRole('button', { name: 'Confirm conversion' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Linked partners' })).toBeVisible();
}

test('a member links the airline, converts both ways, survives a partner failure and hits the cap', async ({
  page,
  consoleErrors,
}) => {
  // A member and an airline account of the journey's own: the links, the cap and the balances are theirs.
  const { email } = await freshMember(page.request, { points: 2450 });
  const account = newAirlineAccount();
  expect((await setSandbox(page.request, account, 'none')).status()).toBe(200);
  await page.goto('/account/linked-partners');
  await chooseEssentialCookiesOnly(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Linked partners' })).toBeVisible();
  const airline = page.getByRole('region', { name: 'British Airways Avios' });
  await expect(airline.getByText("You've used 0 of 4 links and unlinks.")).toBeVisible();

  // Link: a wrong last name first, then the right details.
  await airline.getByRole('textbox', { name: 'Membership number' }).fill(account);
  await airline.getByRole('textbox', { name: 'Last name' }).fill('Smith');
  await airline.getByRole('button', { name: 'Link account' }).click();
  await expect(airline.getByRole('alert')).toHaveText(m.airline.LINK_DETAILS_WRONG);
  await airline.getByRole('textbox', { name: 'Last name' }).fill('Morgan');
  await airline.getByRole('button', { name: 'Link account' }).click();
  const linked = page.getByRole('dialog', { name: 'Account linked' });
  await expect(linked.getByText(m.success.LINKED('British Airways Avios'))).toBeVisible();
  await linked.getByRole('button', { name: 'Done' }).click();
  await expect(airline.getByText('12,000 Avios')).toBeVisible();
  // One scan shows both states: the airline linked, the hotel's link form.
  expect(await seriousAxeViolations(page)).toEqual([]);

  // Points to Avios, then Avios back to points: the balance ends where it started.
  const balance = page.getByText(/Your Nectar balance:/);
  const startBalance = (await balance.textContent()) ?? '';
  await convert(page, email, 'Nectar points to Avios', '400', "You'll get 250 Avios");
  await expect(page.getByRole('status').filter({ hasText: REDEEMED_MESSAGE })).toBeVisible();
  await expect(airline.getByText('12,250 Avios')).toBeVisible();
  await convert(page, email, 'Avios to Nectar points', '250', "You'll get 400 Nectar points");
  await expect(page.getByText(m.success.COLLECTED(400))).toBeVisible();
  await expect(airline.getByText('12,000 Avios')).toBeVisible();
  await expect(balance).toHaveText(startBalance);

  // The partner fails after the points were taken: both balances stay as they were.
  expect((await setSandbox(page.request, account, 'error')).status()).toBe(200);
  await convert(page, email, 'Nectar points to Avios', '400', "You'll get 250 Avios");
  await expect(page.getByRole('alert').filter({ hasText: m.airline.TRANSFER_FAILED })).toBeVisible();
  await expect(balance).toHaveText(startBalance);
  expect((await setSandbox(page.request, account, 'none')).status()).toBe(200);
  await page.reload();
  await expect(airline.getByText('12,000 Avios')).toBeVisible();
  await expect(balance).toHaveText(startBalance);

  // Unlink, link again, unlink: the fifth try meets the cap of 4 with the contract's message
  // (docs/product/calls-and-errors.md §S8).
  const unlinkOnce = async () => {
    await airline.getByRole('button', { name: 'Unlink account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unlink your account?' });
    await dialog.getByRole('button', { name: 'Yes, unlink' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: m.success.UNLINKED('British Airways Avios') }),
    ).toBeVisible();
  };
  await unlinkOnce();
  await airline.getByRole('textbox', { name: 'Membership number' }).fill(account);
  await airline.getByRole('textbox', { name: 'Last name' }).fill('Morgan');
  await airline.getByRole('button', { name: 'Link account' }).click();
  await expect(
    page
      .getByRole('dialog', { name: 'Account linked' })
      .getByText(m.success.RELINKED('British Airways Avios')),
  ).toBeVisible();
  await page.getByRole('dialog', { name: 'Account linked' }).getByRole('button', { name: 'Done' }).click();
  await unlinkOnce();
  await expect(airline.getByText("You've used all 4 links and unlinks for this account.")).toBeVisible();
  await airline.getByRole('textbox', { name: 'Membership number' }).fill(account);
  await airline.getByRole('textbox', { name: 'Last name' }).fill('Morgan');
  await airline.getByRole('button', { name: 'Link account' }).click();
  await expect(airline.getByRole('alert')).toHaveText(m.airline.CARD_CAP);
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(consoleErrors.filter((e) => !e.includes('status of 4') && !e.includes('status of 5'))).toEqual([]);
});

test('the linked partner brand page needs a session and shows the partner', async ({ page }) => {
  await page.goto('/brands/hotels-com');
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your card number' })).toBeVisible();
  await startSession(page);
  await page.goto('/brands/hotels-com');
  await chooseEssentialCookiesOnly(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Hotels.com' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Hotels.com' }).getByRole('button', { name: 'Link account' }),
  ).toBeVisible();
});
