import { designScreenshot, expect, freshMember, seriousAxeViolations, test } from './fixtures.ts';
import { latestCode, latestLink } from './outbox.ts';

const NEW_PASSWORD = 'Fresh-start-2027';

test('a member resets their password by email link, the link works once, and the new password signs in', async ({
  page,
  request,
  consoleErrors,
}) => {
  // A member of the journey's own, made on the `request` fixture's context so this page stays signed out: a
  // reset ends every session of the member, and the demo password must keep working for the other journeys.
  const member = await freshMember(request);
  await page.goto('/pending-reset-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter your email address');
  await page.getByLabel('Email address').fill(member.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  await designScreenshot(page, 'reset-check-email');

  const link = await latestLink(page.request, member.email, '/confirm-reset-password');
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByText('Your password must:')).toBeVisible();
  const continueButton = page.getByRole('button', { name: 'Continue' });
  await expect(continueButton).toBeDisabled();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill('Something-else-1');
  await page.getByLabel('New password', { exact: true }).focus();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match.');
  await expect(continueButton).toBeDisabled();
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await expect(continueButton).toBeEnabled();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await designScreenshot(page, 'reset-choose-password');
  await continueButton.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your password has been changed' })).toBeVisible();

  // The link works once, and says so as soon as it is opened again: no form.
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText(
    'This link has expired or has already been used. Ask for a new one.',
  );
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();

  // The new password signs in, with the card number pasted whole as printed on the card.
  await page.goto('/id/start/login');
  const printed = member.cardNumber.replace(/^(\d{8})(\d{4})(\d{4})(\d{3})$/, '$1 $2 $3 $4');
  await page.getByLabel('Card number').fill(printed);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hello Sam' })).toBeVisible({ timeout: 20_000 });
  // The only failed calls are the expected ones: the spent link's 400 and the session check's 401.
  expect(consoleErrors.filter((line) => !/status of (400|401)/.test(line))).toEqual([]);
});

test('@phone a member resets their password with their card number: chooses email or text, enters the code, sets a new password', async ({
  page,
  request,
  consoleErrors,
}) => {
  const member = await freshMember(request);
  await page.goto('/id/start/forgotten-password');
  await page.getByRole('button', { name: 'Use your card number instead' }).click();
  const cardHeading = page.getByRole('heading', { level: 1, name: 'Reset your password' });
  await expect(cardHeading).toBeFocused();
  await page.getByLabel('Card number').fill(member.cardNumber);
  await page.getByRole('button', { name: 'Continue' }).click();

  // The delivery methods as the server masks them: never the whole address or number.
  await expect(page.getByRole('heading', { level: 1, name: 'How should we send your code?' })).toBeFocused();
  const masked = `${member.email.slice(0, 1)}${'*'.repeat(member.email.indexOf('@') - 1)}@example.com`;
  await expect(page.getByRole('radio', { name: `Email ${masked}` })).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Text message \*+\d{3}$/ })).toBeVisible();
  await expect(page.getByText(member.email)).toHaveCount(0);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('alert')).toHaveText('Choose where we should send your code');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await designScreenshot(page, 'reset-by-card-choose');
  await page.getByRole('radio', { name: `Email ${masked}` }).check();
  await page.getByRole('button', { name: 'Send code' }).click();

  await expect(page.getByRole('heading', { level: 1, name: "Check it's you" })).toBeFocused();
  await expect(page.getByText(`We've sent a 6-digit code to ${masked}. It lasts 10 minutes.`)).toBeVisible();
  const code = await latestCode(page.request, member.email, /password reset code is \d{6}/);
  expect(code).toMatch(/^\d{6}$/);
  await page.getByLabel('Code').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText("That code isn't right. Check it and try again.");
  await expect(page.getByLabel('Code')).toBeFocused();
  await designScreenshot(page, 'reset-by-card-code');
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();

  // The same new-password step as the emailed link.
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeFocused();
  await expect(page.getByText('Your password must:')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your password has been changed' })).toBeVisible();

  await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
  await page.getByLabel('Card number').fill(member.cardNumber);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hello Sam' })).toBeVisible({ timeout: 20_000 });
  // The only failed calls are the wrong code's 400 and the session check's 401.
  expect(consoleErrors.filter((line) => !/status of (400|401)/.test(line))).toEqual([]);
});

test('a card with no account says so on the card number field, with the way back to the email reset', async ({
  page,
}) => {
  await page.goto('/id/start/forgotten-password');
  await page.getByRole('button', { name: 'Use your card number instead' }).click();
  await page.getByLabel('Card number').fill('00000000001');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    "We can't send a code for that card. Check the number, or reset your password with your email address.",
  );
  await page.getByRole('button', { name: 'Use your email address instead' }).click();
  await expect(page.getByLabel('Email address')).toBeVisible();
});
