import { decodeCode128 } from '../apps/server/src/test/decode-barcode.ts';
import {
  barcodeNumber,
  chooseEssentialCookiesOnly,
  DEMO_CARD,
  expect,
  freshMember,
  seriousAxeViolations,
  startSession,
  test,
} from './fixtures.ts';
import { latestCode } from './outbox.ts';

/**
 * The second seeded member (README "Demo account"): only the card replacement journey uses (and changes) it.
 */
const SAM = { email: 'sam.lee@example.com', birthDate: '03/02/1990', lastName: 'Lee', postcode: 'M1 1AE' };

// @phone: at a phone's width the card's help is a sliding popup instead of side text.
test('the demo member opens their card, scans its barcode and pages through their activity @phone', async ({
  page,
  consoleErrors,
}) => {
  await startSession(page, DEMO_CARD);
  await page.goto('/homepage');
  await chooseEssentialCookiesOnly(page);
  await page.getByRole('link', { name: 'See your card and activity' }).click();
  await expect(page).toHaveURL(/\/card\/activity$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your activity' })).toBeVisible();
  await expect(page.getByText('2,450')).toBeVisible();

  // The barcode on the page scans back to the card number.
  await expect(page.getByRole('img', { name: `Barcode for card number ${DEMO_CARD}` })).toBeVisible();
  expect(await barcodeNumber(page)).toBe(DEMO_CARD);

  // The scan-card modal.
  await page.getByRole('button', { name: 'Scan your card' }).click();
  const scan = page.getByRole('dialog', { name: 'Scan' });
  await expect(
    scan.getByText("Here's a bigger barcode, it might help if you're having trouble scanning."),
  ).toBeVisible();
  await expect(scan.getByText('Set screen brightness to 80% or higher for best results.')).toBeVisible();
  await expect(scan.getByRole('img', { name: 'Your card barcode' })).toBeVisible();
  expect(
    decodeCode128(
      ((await scan.getByRole('img', { name: 'Your card barcode' }).getAttribute('src')) ?? '').replace(
        'data:image/png;base64,',
        '',
      ),
    ),
  ).toBe(DEMO_CARD);
  await page.keyboard.press('Escape');
  await expect(scan).toHaveCount(0);

  // How do I use my card? (side text at desktop width, a sliding popup on a phone).
  const howTo = page.getByRole('button', { name: 'How do I use my card?' });
  if (await howTo.isVisible()) await howTo.click();
  await expect(page.getByText("At the till, wait until you're asked for your card.").first()).toBeVisible();
  if ((await page.getByRole('dialog', { name: 'How do I use my card?' }).count()) > 0)
    await page.keyboard.press('Escape');

  // The activity: the 48-hour note, 20 a page, three more pages to the end.
  await expect(page.getByText('Transactions can take up to 48 hours to appear.').first()).toBeVisible();
  const items = page.getByRole('list', { name: 'Transactions' }).getByRole('listitem');
  await expect(items).toHaveCount(20);
  for (const count of [40, 60]) {
    await page.getByRole('button', { name: 'Show more activity' }).click();
    await expect(items).toHaveCount(count);
  }
  await page.getByRole('button', { name: 'Show more activity' }).click();
  await expect(page.getByText("That's all your activity since 1 January 2025.")).toBeVisible();
  expect(await items.count()).toBeGreaterThan(60);
  await expect(page.getByText('Fuel,').first()).toBeVisible();
  await expect(page.getByText('Shopping at ').first()).toBeVisible();

  // Refresh goes back to the first page.
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(items).toHaveCount(20);

  await page.getByRole('button', { name: 'About your activity' }).click();
  await expect(page.getByRole('dialog', { name: 'Your activity' })).toBeVisible();
  await page.keyboard.press('Escape');

  expect(await seriousAxeViolations(page)).toEqual([]);

  // The card-help popup sends to /retrieve-card.
  await page.getByRole('button', { name: 'Problem with your card?' }).click();
  const help = page.getByRole('dialog', { name: 'Your card is...' });
  await expect(help.getByRole('heading', { name: 'Currently not with you' })).toBeVisible();
  await expect(help.getByRole('heading', { name: 'Lost or stolen' })).toBeVisible();
  await help.getByRole('button', { name: 'Show my card number' }).click();
  await expect(page).toHaveURL(/\/retrieve-card$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Find your card number' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('a member spends points on a voucher, sees the balance drop once and opens the voucher', async ({
  page,
  consoleErrors,
}) => {
  await freshMember(page.request, { points: 6000 });
  const before = ((await (await page.request.get('/balance-api/balance')).json()) as { balance: number })
    .balance;
  await page.goto('/card/spend');
  await chooseEssentialCookiesOnly(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Spend your points' })).toBeVisible();
  await expect(page.getByText(before.toLocaleString('en-GB'))).toBeVisible();

  const reward = page.getByRole('article', { name: "£5 off your shopping at Sainsbury's" });
  await reward.getByRole('button', { name: 'Spend points' }).click();
  await expect(page.getByText("Spend 1,000 points on £5 off your shopping at Sainsbury's?")).toBeVisible();
  // A double press still spends once: the confirmation carries one idempotency key.
  await page.getByRole('button', { name: 'Confirm' }).dblclick();

  await expect(page).toHaveURL(/\/voucher\/success\?voucherId=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your voucher is ready' })).toBeVisible();
  await expect(page.getByText("You've redeemed your points!")).toBeVisible();
  await expect(
    page.getByText(`You now have ${(before - 1000).toLocaleString('en-GB')} points.`),
  ).toBeVisible();
  const after = ((await (await page.request.get('/balance-api/balance')).json()) as { balance: number })
    .balance;
  expect(after).toBe(before - 1000);

  // The voucher modal: barcode and code, close asks first, then 'Did you use this voucher?'.
  await page.getByRole('button', { name: 'Show voucher' }).click();
  const modal = page.getByRole('dialog');
  const code = (await modal.getByText(/^Code:/).innerText()).replace('Code:', '').trim();
  const barcode = (await modal.getByRole('img', { name: 'Voucher barcode' }).getAttribute('src')) ?? '';
  expect(decodeCode128(barcode.replace('data:image/png;base64,', ''))).toBe(code);
  await modal.getByRole('button', { name: 'Close voucher' }).click();
  await expect(modal.getByText('Are you sure you want to close your voucher?')).toBeVisible();
  await modal.getByRole('button', { name: 'Yes, close it' }).click();
  await expect(modal.getByText('Did you use this voucher?')).toBeVisible();
  await modal.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto('/vouchers');
  await expect(page.getByRole('heading', { level: 1, name: 'Your vouchers' })).toBeVisible();
  await expect(page.getByText('· Used').first()).toBeVisible();

  // The spend is in the activity, with a link to its voucher.
  await page.goto('/card/activity');
  const spent = page.getByRole('list', { name: 'Transactions' }).getByRole('listitem').first();
  await expect(spent.getByText('−1,000 points')).toBeVisible();
  await spent.getByRole('link', { name: 'View voucher' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Voucher details' })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('a member who lost their card replaces it without signing in, then asks for a new one signed in', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/replace-card');
  await chooseEssentialCookiesOnly(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Replace your card' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Enter your last name')).toBeVisible();
  // A date that is not in the calendar is refused as a date, here and by the server
  // (docs/product/signed-in-pages.md §S5).
  await page.getByLabel('Date of birth').fill('31/02/1990');
  await page.getByLabel('Last name').fill(SAM.lastName);
  await page.getByLabel('Postcode').fill(SAM.postcode);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Enter your date of birth as DD/MM/YYYY')).toBeVisible();
  await page.getByLabel('Date of birth').fill(SAM.birthDate);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(/We've sent a 6-digit code to s\*+@example\.com/)).toBeVisible();
  await page.getByLabel("It's lost").check();
  await page.getByLabel('Code').fill(await latestCode(page.request, SAM.email));
  await page.getByRole('button', { name: 'Replace my card' }).click();
  await expect(page.getByText('Your new card number is')).toBeVisible();
  const newNumber = (await page.locator('.card-page__number').innerText()).replace(/\s/g, '');
  expect(newNumber).toMatch(/^98263000\d{11}$/);
  expect(newNumber).not.toBe('9826300012345678902');

  // Signed in with the new card: the barcode is the new number; then a damaged-card replacement.
  await startSession(page, newNumber);
  await page.goto('/card/activity');
  await expect(page.getByRole('img', { name: `Barcode for card number ${newNumber}` })).toBeVisible();
  expect(await barcodeNumber(page)).toBe(newNumber);

  await page.goto('/account/replace-card');
  await page.getByRole('link', { name: 'Replace my card' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Why do you need a new card?' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel my card and replace it' }).click();
  await expect(page.getByText('Choose what happened to your card')).toBeVisible();
  await page.getByLabel("It's damaged or won't scan").check();
  await page.getByRole('button', { name: 'Cancel my card and replace it' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your card is on its way' })).toBeVisible();
  await expect(page.getByText(/We've asked for your new card/)).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
