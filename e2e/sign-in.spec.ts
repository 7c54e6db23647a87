import { designScreenshot, expect, seriousAxeViolations, test } from './fixtures.ts';

const DEMO_DIGITS = '12345678901';
const DEMO_PASSWORD = 'Nectar-demo-2026';

test('the demo collector signs in through the provider, keeps the session, and logs out', async ({
  page,
  consoleErrors,
}) => {
  // A session route without a session goes to sign-in, which starts the authorization request first.
  await page.goto('/homepage');
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your card number' })).toBeVisible();
  const loginUrl = new URL(page.url());
  expect(loginUrl.pathname).toBe('/id/start/login');
  expect(loginUrl.searchParams.get('uid')).toBeTruthy();
  await expect(page.getByText("It's the last 11 numbers on your plastic card")).toBeVisible();
  await expect(page.getByText('98263000', { exact: true })).toBeVisible();

  // The contract's three card-number messages (docs/product/registration-and-sign-in.md §R5).
  const card = page.getByLabel('Card number');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter your card number');
  await card.fill('12ab');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter a valid card number');
  await card.fill('123');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter a card number that has 11 numbers');

  // On a small phone the field and the button keep the card's padding on both sides, as the heading does.
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 360, height: viewport?.height ?? 800 });
  const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
  const headingRight = (heading?.x ?? 0) + (heading?.width ?? 0);
  for (const control of [card, page.getByRole('button', { name: 'Continue' })]) {
    const box = await control.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(headingRight + 1);
  }
  if (viewport) await page.setViewportSize(viewport);

  // Help popup with the careline.
  await page.getByRole('button', { name: 'Need help with your card number?' }).click();
  const help = page.getByRole('dialog', { name: 'Need help with your card number?' });
  await expect(help).toContainText('0300 061 7000');
  await designScreenshot(page, 'sign-in-card-number-help', { fullPage: false });
  await help.getByRole('button', { name: 'Close' }).click();
  await expect(help).toBeHidden();

  // Written as on the card, with dashes, it is the same number.
  await card.fill(DEMO_DIGITS.replace(/^(\d{4})(\d{4})(\d{3})$/, '$1-$2-$3'));
  expect(await seriousAxeViolations(page)).toEqual([]);
  await designScreenshot(page, 'sign-in-card-number');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Enter your password' })).toBeVisible();
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter your password');
  await page.getByRole('button', { name: 'About Remember me' }).click();
  const info = page.getByRole('dialog', { name: 'Make it easier to log in' });
  await expect(info).toContainText('cookies');
  await expect(info).toContainText('shared');
  await designScreenshot(page, 'sign-in-remember-me-info', { fullPage: false });
  await info.getByRole('button', { name: 'Close' }).click();
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await designScreenshot(page, 'sign-in-enter-password');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();

  // Provider → /oauth_redirect → session → back to next.
  await expect(page.getByRole('heading', { level: 1, name: 'Hello Alex' })).toBeVisible({ timeout: 20_000 });
  expect(new URL(page.url()).pathname).toBe('/homepage');
  expect(await page.evaluate(() => localStorage.getItem('sessionCreatedDate'))).toBeTruthy();
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'lc_session')?.httpOnly).toBe(true);
  await designScreenshot(page, 'sign-in-homepage');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Hello Alex' })).toBeVisible();

  // Logout: server logout, identity end-session with the id token hint, back to /welcome. With the
  // hotels-logout switch on (local), the hotel partner's two logout addresses are loaded with the browser's
  // cookies.
  const hotelLogouts: string[] = [];
  page.on('requestfinished', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/partner-sandbox/hotels/')) hotelLogouts.push(pathname);
  });
  await page.getByRole('link', { name: 'Log out' }).first().click();
  await page.waitForURL('**/welcome', { timeout: 20_000 });
  expect(hotelLogouts.sort()).toEqual([
    '/partner-sandbox/hotels/logout',
    '/partner-sandbox/hotels/session/logout',
  ]);
  await expect(page.getByRole('heading', { level: 1, name: /Collect Nectar points/ })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('sessionCreatedDate'))).toBeNull();

  // The session route now sends the visitor to sign-in again.
  await page.goto('/homepage');
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your card number' })).toBeVisible();
  expect(consoleErrors.filter((line) => !line.includes('401'))).toEqual([]);
});

test('a wrong password shows the same message as an unknown card', async ({ page }) => {
  await page.goto('/id/start/login');
  await page.getByLabel('Card number').fill('99999999999');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill('Not-the-password-1');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(
    "Those details don't match our records. Check your card number and password and try again.",
  );
});

test('a card-number page opened directly goes straight to the provider and back, and the sign-in returns to next', async ({
  page,
  consoleErrors,
}) => {
  // The server starts the authorization request (ADR 023): one redirect chain, no page load in between.
  const response = await page.goto('/id/start/login?next=%2Faccount%2Fcomms');
  const chain: Array<{ path: string; status: number | undefined }> = [];
  for (let request = response?.request().redirectedFrom(); request; request = request.redirectedFrom()) {
    chain.unshift({ path: new URL(request.url()).pathname, status: (await request.response())?.status() });
  }
  expect(chain).toEqual([
    { path: '/id/start/login', status: 303 },
    { path: '/oauth2/auth', status: 303 },
  ]);
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your card number' })).toBeVisible();
  expect(new URL(page.url()).searchParams.get('uid')).toBeTruthy();
  const pending = (await page.context().cookies()).filter((cookie) => cookie.name.startsWith('lc_sign_in_'));
  expect(pending).toHaveLength(1);

  await page.getByLabel('Card number').fill(DEMO_DIGITS);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/account\/comms$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Contact preferences' })).toBeVisible();
  // The verifier's cookie is spent with the sign-in.
  expect((await page.context().cookies()).filter((cookie) => cookie.name.startsWith('lc_sign_in_'))).toEqual(
    [],
  );
  expect(consoleErrors.filter((line) => !line.includes('401'))).toEqual([]);
});
