import { ROUTES, SIGN_IN_PATH } from '@app/contracts/routes';
import { expect, seriousAxeViolations, test } from './fixtures.ts';

const DEMO_CARD = '9826300012345678901';
/** Parameter values that exist in the demo data (a year played back, an event, a statistic). */
const EXISTING: Record<string, string> = {
  year: '2026',
  yirId: 'year-in-review',
  eventId: 'winter-bonus-weeks',
  id: 'winter-bonus-weeks',
  x: 'points',
};
const sample = (pattern: string) =>
  pattern.replace(/:(\w+)/g, (_, name: string) => EXISTING[name] ?? `sample-${name}`);
/** The guard's question to the server answers 401 for a visitor; the browser logs that as a failed load. */
const isExpected401 = (message: string) => message.includes('status of 401');

test('a session route without a session goes to sign-in with next; with a session it renders', async ({
  page,
  consoleErrors,
}, testInfo) => {
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

  const started = await page.request.post('/dev/session', { data: { cardNumber: DEMO_CARD } });
  expect(started.status()).toBe(204);
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
  await page.screenshot({ path: testInfo.outputPath('session-page.png') });
  // A move to another page inside the app takes the keyboard focus to the new page's heading.
  await page.getByRole('link', { name: 'Account', exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  expect(consoleErrors.filter((message) => !isExpected401(message))).toEqual([]);
});

test('after signing in, the visitor returns to the session page they asked for', async ({ page }) => {
  await page.goto('/account/comms');
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your card number' })).toBeVisible();
  await page.getByLabel('Card number').fill(DEMO_CARD.slice(8));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your password' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('Nectar-demo-2026');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
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

const publicPages = ROUTES.filter((route) => route.access === 'public' && !route.catchAll);

// Tagged @desktop-only: one sweep is enough, the phone project leaves it out (e2e/playwright.config.ts).
test('every public route renders its page without console errors or serious accessibility problems @desktop-only', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(300_000);
  // The consent choice is made once so the banner does not cover every page.
  await page.goto('/welcome');
  await page.getByRole('button', { name: 'Essential cookies only' }).click();
  const problems: string[] = [];
  for (const route of publicPages) {
    // These pages leave for the identity provider or finish a flow at once; their own issues cover them.
    if (['/logout', '/oauth_redirect'].includes(route.path) || route.path.startsWith('/id/start/')) continue;
    const path = sample(route.path);
    const before = consoleErrors.length;
    const response = await page.goto(path);
    if (response?.status() !== 200) problems.push(`${path}: HTTP ${response?.status()}`);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const violations = await seriousAxeViolations(page);
    if (violations.length) problems.push(`${path}: ${violations.join('; ')}`);
    // Pages of a one-time link ask the server about their (here made-up) token, which answers 400. Pages
    // that show a member's own data send a visitor to sign-in, after the server's 401 for their call.
    const expectsFailedLoad =
      /:(token|jwtToken)\b/.test(route.path) || new URL(page.url()).pathname === SIGN_IN_PATH;
    if (consoleErrors.length > before && !expectsFailedLoad)
      problems.push(`${path}: ${consoleErrors.slice(before).join('; ')}`);
  }
  expect(problems).toEqual([]);
});

test('legal pages show their sanitised document', async ({ page, consoleErrors }, testInfo) => {
  await page.goto('/about/privacy-and-legal/collector-rules');
  await expect(page.getByRole('heading', { level: 1, name: 'Collector rules' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '2. Collecting points' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('legal.png') });
  expect(consoleErrors).toEqual([]);
});

test('the welcome page and a sliding popup, as a visitor sees them', async ({
  page,
  consoleErrors,
}, testInfo) => {
  await page.goto('/welcome');
  await expect(page.getByRole('heading', { level: 1, name: /Collect Nectar points/ })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('welcome.png'), fullPage: true });
  await page.getByRole('button', { name: 'Essential cookies only' }).click();
  await expect(page.getByRole('region', { name: 'Cookies on this site' })).toHaveCount(0);

  await page.getByRole('button', { name: 'How do I use my card?' }).click();
  const popup = page.getByRole('dialog', { name: 'How do I use my card?' });
  await expect(popup).toBeVisible();
  await expect(popup.getByText('Scan it, and collect your points.')).toBeVisible();
  const { height } = (await popup.boundingBox()) ?? { height: 0 };
  const windowHeight = await page.evaluate(() => window.innerHeight);
  expect(Math.round(height)).toBe(windowHeight - 135);
  await page.screenshot({ path: testInfo.outputPath('sliding-popup.png') });
  // Browser back closes it and stays on the page.
  await page.goBack();
  await expect(popup).toHaveCount(0);
  await expect(page).toHaveURL(/\/welcome$/);
  expect(consoleErrors).toEqual([]);
  expect(await seriousAxeViolations(page)).toEqual([]);
});
