import {
  atRest,
  DEMO_CARD,
  designScreenshot,
  expect,
  logInWithPassword,
  seriousAxeViolations,
  startSession,
  test,
} from './fixtures.ts';

/** The guard's question to the server answers 401 for a visitor; the browser logs that as a failed load. */
const isExpected401 = (message: string) => message.includes('status of 401');

// @phone: on a phone the session holder's navigation is behind the Menu button.
test('a session route without a session goes to sign-in with next; with a session it renders @phone', async ({
  page,
  consoleErrors,
}) => {
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });
  await page.goto('/account/comms?tab=email');
  await expect
    .poll(() => visited.some((url) => url.includes('/id/start/login?next=%2Faccount%2Fcomms%3Ftab%3Demail')))
    .toBe(true);
  // The sign-in page hands over to the identity provider, which brings the visitor back to it.
  await page.waitForURL(/\/id\/start\/login\?uid=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your card number' })).toBeVisible();

  await startSession(page);
  await page.goto('/account/comms');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact preferences' })).toBeVisible();
  // The session holder's navigation (behind the menu button on a phone).
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) {
    // Escape closes the open menu and gives focus back to its button.
    await menu.click();
    await page.getByRole('link', { name: 'Log out' }).focus();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'Log out' })).toBeHidden();
    await expect(menu).toBeFocused();
    await menu.click();
  }
  await expect(page.getByRole('link', { name: 'Log out' })).toBeVisible();
  await designScreenshot(page, 'session-page', { fullPage: false });
  // A move to another page inside the app takes the keyboard focus to the new page's heading.
  await page.getByRole('link', { name: 'Account', exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  expect(consoleErrors.filter((message) => !isExpected401(message))).toEqual([]);
});

test('after signing in, the visitor returns to the session page they asked for', async ({ page }) => {
  await page.goto('/account/comms');
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your card number' })).toBeVisible();
  await logInWithPassword(page, DEMO_CARD.slice(8), 'Nectar-demo-2026');
  await expect(page).toHaveURL(/\/account\/comms$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Contact preferences' })).toBeVisible();
});

test('the root sends a signed-out visitor nowhere: it is the welcome page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /Collect Nectar points/ })).toBeVisible();
});

test('an old link is redirected by the server and a gated or unknown page is not found', async ({
  page,
  request,
}) => {
  const old = await request.get('/my-nectar/manage-account/contact-preferences?utm=1', { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toBe('/account/comms?utm=1');

  const unknown = await page.goto('/no/such/page');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: "We can't find that page" })).toBeVisible();
});

test('legal pages show their sanitised document', async ({ page, consoleErrors }) => {
  await page.goto('/about/privacy-and-legal/collector-rules');
  await expect(page.getByRole('heading', { level: 1, name: 'Collector rules' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '2. Collecting points' })).toBeVisible();
  await designScreenshot(page, 'legal', { fullPage: false });
  expect(consoleErrors).toEqual([]);
});

// @phone: the sliding popup rises from the bottom to the window's height less 135 px
// (docs/product/signed-in-pages.md §S2.6); on a wide screen it is a centred dialog as tall as its content.
test('the welcome page and a sliding popup, as a visitor sees them @phone', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/welcome');
  await expect(page.getByRole('heading', { level: 1, name: /Collect Nectar points/ })).toBeVisible();
  await designScreenshot(page, 'welcome-and-banner');
  await page.getByRole('button', { name: 'Essential cookies only' }).click();
  await expect(page.getByRole('region', { name: 'Cookies on this site' })).toHaveCount(0);

  await page.getByRole('button', { name: 'How do I use my card?' }).click();
  const popup = page.getByRole('dialog', { name: 'How do I use my card?' });
  await expect(popup).toBeVisible();
  await expect(popup.getByText('Scan it, and collect your points.')).toBeVisible();
  // Measured where it comes to rest: the sheet slides up from the bottom (a CSS animation) as it opens.
  await atRest(popup);
  const { y, height } = (await popup.boundingBox()) ?? { y: 0, height: 0 };
  const windowHeight = await page.evaluate(() => window.innerHeight);
  if (test.info().project.name === 'phone') {
    // On a phone: a sheet from the bottom, the window's height less 135 px.
    expect(Math.round(height)).toBe(windowHeight - 135);
    expect(Math.round(y + height)).toBe(windowHeight);
  } else {
    // On a wide screen: a dialog centred on the page, as tall as its content, never taller.
    expect(height).toBeLessThan(windowHeight - 135);
    expect(Math.abs(y + height / 2 - windowHeight / 2)).toBeLessThan(2);
  }
  await designScreenshot(page, 'sliding-popup', { fullPage: false });
  // Browser back closes it and stays on the page.
  await page.goBack();
  await expect(popup).toHaveCount(0);
  await expect(page).toHaveURL(/\/welcome$/);
  expect(consoleErrors).toEqual([]);
  // The phone's scan of the welcome page (public-pages.spec.ts scans it at desktop width).
  expect(await seriousAxeViolations(page)).toEqual([]);
});
