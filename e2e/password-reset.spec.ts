import type { APIRequestContext } from '@playwright/test';
import { designScreenshot, expect, freshMember, seriousAxeViolations, test } from './fixtures.ts';

const NEW_PASSWORD = 'Fresh-start-2027';

const latestResetLink = async (request: APIRequestContext, to: string) => {
  const outbox = (await (await request.get('/dev/outbox')).json()) as { to: string; links: string[] }[];
  const mail = outbox.find((message) => message.to === to);
  return mail?.links.find((link) => link.includes('/confirm-reset-password')) ?? '';
};

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

  const link = new URL(await latestResetLink(page.request, member.email));
  await page.goto(`${link.pathname}${link.search}`);
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

  // The link works once, and says so as soon as it is opened again: no form (issue 29, item 6).
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('alert')).toHaveText(
    'This link has expired or has already been used. Ask for a new one.',
  );
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();

  // The new password signs in, with the card number pasted whole as printed on the card (issue 29, item 5).
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
