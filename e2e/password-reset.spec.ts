import type { APIRequestContext } from '@playwright/test';
import { expect, seriousAxeViolations, test } from './fixtures.ts';

const DEMO_EMAIL = 'demo@example.com';
const DEMO_PASSWORD = 'Nectar-demo-2026';
const NEW_PASSWORD = 'Fresh-start-2027';

const latestResetLink = async (request: APIRequestContext) => {
  const outbox = (await (await request.get('/dev/outbox')).json()) as { to: string; links: string[] }[];
  const mail = outbox.find((message) => message.to === DEMO_EMAIL);
  return mail?.links.find((link) => link.includes('/confirm-reset-password')) ?? '';
};

test('a member resets their password by email link, the link works once, and the new password signs in', async ({
  page,
  consoleErrors,
}, testInfo) => {
  await page.goto('/pending-reset-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter your email address');
  await page.getByLabel('Email address').fill(DEMO_EMAIL);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('reset-check-email.png'), fullPage: true });

  const link = new URL(await latestResetLink(page.request));
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
  await page.screenshot({ path: testInfo.outputPath('reset-choose-password.png'), fullPage: true });
  await continueButton.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your password has been changed' })).toBeVisible();

  // The link works once.
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('New password', { exact: true }).fill('Another-one-2028');
  await page.getByLabel('Confirm new password').fill('Another-one-2028');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'This link has expired or has already been used. Ask for a new one.',
  );

  // The new password signs in.
  await page.goto('/id/start/login');
  await page.getByLabel('Card number').fill('12345678901');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hello Alex' })).toBeVisible({ timeout: 20_000 });
  // The only failed calls are the expected ones: the spent link's 400 and the session check's 401.
  expect(consoleErrors.filter((line) => !/status of (400|401)/.test(line))).toEqual([]);

  // Put the demo password back for the other journeys.
  await page.goto('/pending-reset-password');
  await page.getByLabel('Email address').fill(DEMO_EMAIL);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  const token = new URL(await latestResetLink(page.request)).searchParams.get('token');
  const restored = await page.request.post('/customer-management-api/credentials/password', {
    headers: { channel: 'JS-WEB' },
    data: { token, password: DEMO_PASSWORD },
  });
  expect(restored.status()).toBe(200);
});
