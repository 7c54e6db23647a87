import {
  chooseEssentialCookiesOnly,
  expect,
  freshMember,
  seriousAxeViolations,
  startSession,
  test,
} from './fixtures.ts';
import { enterSecurityCode, latestMessage, outboxMessages } from './outbox.ts';

test('the demo member finds every part of the account from the hub', async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  await startSession(page);
  await page.goto('/account');
  await chooseEssentialCookiesOnly(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await expect(page.getByText('Alex Morgan')).toBeVisible();
  for (const name of [
    'Personal details',
    'Change your password',
    'Replace your card',
    'Request a card',
    'Redemption lock',
    'Linked partners',
    'Contact preferences',
    'Online advertising',
    'Security and devices',
    'Close your account',
  ]) {
    await expect(page.getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible();
  }
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.getByRole('link', { name: /^Personal details/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Personal details' })).toBeVisible();
  await expect(page.getByText('demo@example.com')).toBeVisible();
  await expect(page.getByText('**********123')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.goto('/account/security');
  await expect(page.getByRole('heading', { level: 1, name: 'Security and devices' })).toBeVisible();
  await expect(page.getByText('(this device)')).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  expect(consoleErrors).toEqual([]);
});

/** Every other account page opens with its heading, loads, and has no serious accessibility problem. */
const ACCOUNT_PAGES = [
  ['/account/comms', 'Contact preferences'],
  ['/account/online-advertising', 'Online advertising'],
  ['/account/redemption-lock', 'Redemption lock'],
  ['/account/additional-details', 'Additional details'],
  ['/account/sound-effects', 'Sound effects'],
  ['/account/close', 'Close your account'],
  ['/account/password', 'Change your password'],
  ['/account/details/name', 'Your name'],
  ['/account/details/address', 'Your address'],
  ['/account/details/email', 'Your email address'],
] as const;
const MORE_ACCOUNT_PAGES = [
  ['/account/details/mobile-number', 'Your mobile number'],
  ['/account/close-account', 'Close your account'],
  ['/delete-account', 'Delete your account'],
  ['/account/advertising-preference', 'Advertising preference'],
  ['/personalised-advertising', 'Personalised advertising'],
  ['/digital-advertising', 'Digital advertising'],
  ['/confirm-update-email', 'Confirming your new email address'],
  ['/confirm-email-address', 'Confirming your email address'],
  ['/emails/unsubscribe', 'Unsubscribe'],
] as const;

// Two halves, so that each journey's twenty-odd accessibility scans stay well inside its time on a busy
// machine.
for (const [half, pages] of [
  ['first', ACCOUNT_PAGES],
  ['second', MORE_ACCOUNT_PAGES],
] as const) {
  test(`the ${half} half of the account pages open, load and pass the accessibility scan`, async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(180_000);
    await startSession(page);
    await page.goto('/account');
    await chooseEssentialCookiesOnly(page);
    for (const [path, heading] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText('Loading - Please wait...')).toHaveCount(0);
      expect(await seriousAxeViolations(page), path).toEqual([]);
    }
    expect(consoleErrors).toEqual([]);
  });
}

test('a member changes name, address, email, mobile and password, each with its check', async ({
  page,
  consoleErrors,
}) => {
  const member = await freshMember(page.request);
  await page.goto('/account/details');
  await chooseEssentialCookiesOnly(page);

  // Name: the name rule (docs/product/signed-in-pages.md §S5), then a good one.
  await page.getByRole('link', { name: 'Change name' }).click();
  await page.getByLabel('First name').fill('Sam_');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Letters, dashes, apostrophes and spaces only')).toBeVisible();
  await page.getByLabel('Title').selectOption('Dr');
  await page.getByLabel('First name').fill('Jo-Ann');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Your name has been updated.')).toBeVisible();
  await expect(page.getByText('Dr Jo-Ann Tester')).toBeVisible();

  // Address through the lookup.
  await page.getByRole('link', { name: 'Change address' }).click();
  await page.getByLabel('House number or name').fill('2');
  await page.getByLabel('Postcode').fill('M1 1AE');
  await page.getByRole('button', { name: 'Find address' }).click();
  await page.getByLabel('2 Piccadilly, Manchester, M1 1AE').check();
  await page.getByRole('button', { name: 'Use this address' }).click();
  await expect(page.getByText('Your address has been updated.')).toBeVisible();
  // Shown masked, as the mobile number is (GET masked address).
  await expect(page.getByText('2 P*********, M*********, M1 ***')).toBeVisible();

  // Email: a code first, then the link sent to the new address.
  const newEmail = `new-${member.email}`;
  await page.getByRole('link', { name: 'Change email address' }).click();
  await page.getByLabel('New email address').fill(newEmail);
  await enterSecurityCode(page, member.email);
  await page.getByRole('button', { name: 'Change email address' }).click();
  await expect(page.getByText(`We've sent a link to ${newEmail}.`)).toBeVisible();
  const link = (await latestMessage(page.request, newEmail, 'Confirm your new')).links.find((l) =>
    l.includes('/confirm-update-email?token='),
  );
  await page.goto(new URL(link ?? '/').pathname + new URL(link ?? '/').search);
  await expect(page.getByText(`Your email address has been updated. It is now ${newEmail}.`)).toBeVisible();
  await latestMessage(page.request, member.email, 'email address has changed');
  // Opened again, the link says it already did its work.
  await page.goto(new URL(link ?? '/').pathname + new URL(link ?? '/').search);
  await expect(
    page.getByText(
      /^This link has already been used: your email address is n\*+@example\.com\. There's nothing more to do\.$/,
    ),
  ).toBeVisible();

  // Mobile: a code to the new email address.
  await page.goto('/account/details/mobile-number');
  await page.getByLabel('New mobile number').fill('07911 123456');
  await enterSecurityCode(page, newEmail);
  await page.getByRole('button', { name: 'Change mobile number' }).click();
  await expect(page.getByText('Your mobile number has been updated.')).toBeVisible();
  await expect(page.getByText('*********456')).toBeVisible();

  // Password: the current one, the rules, then the change.
  await page.goto('/account/password');
  await page.getByLabel('Current password').fill('Not-my-password-1');
  await page.getByLabel('New password', { exact: true }).fill('Brand-new-pass-77');
  await page.getByLabel('Confirm new password').fill('Brand-new-pass-77');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText("That password isn't right. Check it and try again.")).toBeVisible();
  await page.getByLabel('Current password').fill(member.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  // Every change is in the member's log.
  await page.goto('/account/security');
  for (const label of [
    'Password changed',
    'Mobile number changed',
    'Email address changed',
    'Name changed',
  ]) {
    await expect(page.getByRole('cell', { name: label })).toBeVisible();
  }
  // The refused calls are the wrong current password and the spent link, which the pages show as messages.
  expect(consoleErrors.filter((error) => !/status of (400|409)/.test(error))).toEqual([]);
});

test('preferences, one-click unsubscribe and the redemption lock', async ({ page, consoleErrors }) => {
  const member = await freshMember(page.request);
  await page.goto('/account/comms');
  await chooseEssentialCookiesOnly(page);
  await page.getByRole('switch', { name: 'Text message' }).click();
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByText('Your changes have been saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Text message' })).toHaveAttribute('aria-checked', 'true');

  await page.goto('/account/online-advertising');
  await page.getByRole('switch', { name: 'Personalised online advertising' }).click();
  await expect(page.getByText('Your changes have been saved.')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Personalised online advertising' })).toHaveAttribute(
    'aria-checked',
    'false',
  );

  // A marketing email carries the one-click link.
  expect((await page.request.post('/dev/marketing-email', { headers: { channel: 'JS-WEB' } })).status()).toBe(
    204,
  );
  const mail = await latestMessage(page.request, member.email, "This week's offers");
  const unsubscribe = new URL(mail.links.find((l) => l.includes('/emails/unsubscribe?token=')) ?? '/');
  await page.goto(unsubscribe.pathname + unsubscribe.search);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText("You've been unsubscribed.")).toBeVisible();
  // Opened again, the link says so instead of offering the button.
  await page.goto(unsubscribe.pathname + unsubscribe.search);
  await expect(
    page.getByText(/^You're already unsubscribed\. We don't send marketing emails to /),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
  await page.goto('/account/comms');
  await expect(page.getByRole('switch', { name: 'Email' })).toHaveAttribute('aria-checked', 'false');

  await page.goto('/account/redemption-lock');
  await page.getByRole('button', { name: 'Lock my points' }).click();
  // Said once, not twice.
  await expect(page.getByText('Your points are locked.')).toBeVisible();
  // The spend page shows the lock before anything is chosen, and the way to the setting.
  await page.goto('/redemption');
  await expect(page.getByText('Your points are locked.')).toBeVisible();
  for (const button of await page.getByRole('button', { name: /^(Spend points|Claim)$/ }).all()) {
    await expect(button).toBeDisabled();
  }
  await page.getByRole('link', { name: 'Turn off the redemption lock' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Redemption lock' })).toBeVisible();
  await page.getByRole('button', { name: 'Unlock my points' }).click();
  // Asked before any code was sent: the page says what to do first.
  await page.getByRole('button', { name: 'Unlock my points' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Send yourself a security code first, then enter it here.',
  );
  await enterSecurityCode(page, member.email);
  await expect(page.getByText('Send yourself a security code first')).toHaveCount(0);
  await expect(page.getByText('Enter the 6-digit code we sent you')).toHaveCount(0);
  await page.getByRole('button', { name: 'Unlock my points' }).click();
  await expect(page.getByText('Your points can be spent again.')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('closing the account signs the member out for good', async ({ page }) => {
  await freshMember(page.request);
  await page.goto('/account');
  await chooseEssentialCookiesOnly(page);
  await page.getByRole('link', { name: /^Close your account/ }).click();
  await page.getByRole('link', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Close my account' }).click();
  await expect(page.getByText('Enter your password to close your account')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('Journey-pass-2026');
  await page.getByLabel(/I understand/).check();
  await page.getByRole('button', { name: 'Close my account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your account has been deleted' })).toBeVisible();
  expect((await page.request.get('/customer-management-api/customer/v2')).status()).toBe(401);
});

test('@phone the account shows the address masked, and saving the same address again changes nothing (silent double-up update)', async ({
  page,
  consoleErrors,
}) => {
  const member = await freshMember(page.request);
  await page.goto('/account/details');
  await chooseEssentialCookiesOnly(page);
  const addressRow = page
    .getByRole('term')
    .filter({ hasText: /^Address$/ })
    .locator('..');
  await expect(addressRow).toContainText('Not given yet');

  const chooseAddress = async () => {
    await page.getByRole('link', { name: 'Change address' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your address' })).toBeVisible();
    await page.getByLabel('House number or name').fill('2');
    await page.getByLabel('Postcode').fill('M1 1AE');
    await page.getByRole('button', { name: 'Find address' }).click();
    await page.getByLabel('2 Piccadilly, Manchester, M1 1AE').check();
    await page.getByRole('button', { name: 'Use this address' }).click();
    await expect(page.getByText('Your address has been updated.')).toBeVisible();
  };
  await chooseAddress();
  await expect(addressRow).toContainText('2 P*********, M*********, M1 ***');
  await expect(page.getByText('Piccadilly')).toHaveCount(0);
  await latestMessage(page.request, member.email, 'address has changed');

  // The change page says which address is held, masked too.
  await page.getByRole('link', { name: 'Change address' }).click();
  await expect(page.getByText('Your address now: 2 P*********, M*********, M1 ***')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Back to personal details' }).click();

  // The same address again: the member sees the same answer; nothing more is logged or sent.
  await chooseAddress();
  const mails = (await outboxMessages(page.request)).filter(
    (m) => m.to === member.email && m.subject.includes('address has changed'),
  );
  expect(mails).toHaveLength(1);
  await page.goto('/account/security');
  await expect(page.getByText('Address changed')).toHaveCount(1);
  expect(consoleErrors).toEqual([]);
});
