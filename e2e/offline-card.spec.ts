import type { Page } from '@playwright/test';
import {
  MEMBER_DATA_CACHE,
  NECTAR_ID_PATH,
  OFFLINE_CARD_PATH,
  OFFLINE_READS,
} from '../packages/contracts/src/offline.ts';
import {
  barcodeNumber,
  chooseEssentialCookiesOnly,
  DEMO_CARD,
  designScreenshot,
  expect,
  startSession,
  test,
} from './fixtures.ts';

// The offline card is the service worker's work: these journeys run with it (the others block it).
test.use({ serviceWorkers: 'allow' });

/** The paths of the member's reads the service worker holds in its cache (none when there is no cache). */
const keptReads = (page: Page) =>
  page.evaluate(async (cacheName) => {
    if (!(await caches.has(cacheName))) return [];
    const keys = await (await caches.open(cacheName)).keys();
    return keys.map((request) => new URL(request.url).pathname);
  }, MEMBER_DATA_CACHE);

/** The card page's reads, as the worker files them (without queries). */
const CARD_READS = OFFLINE_READS.map((read) => read.split('?')[0]!);

/** The offline notice, in its polite live region. */
const offlineNotice = (page: Page) => page.getByRole('status').filter({ hasText: "You're offline" });

/** Signs the demo member in, opens the card page and waits until the service worker has kept its reads. */
async function visitCardOnline(page: Page) {
  await startSession(page, DEMO_CARD);
  await page.goto(OFFLINE_CARD_PATH);
  await chooseEssentialCookiesOnly(page);
  await expect(page.getByRole('img', { name: `Barcode for card number ${DEMO_CARD}` })).toBeVisible();
  // The worker is registered once the page has loaded and the browser is idle; it then keeps the card's reads.
  await expect.poll(() => keptReads(page), { timeout: 30_000 }).toEqual(expect.arrayContaining(CARD_READS));
  await expect(offlineNotice(page)).toHaveCount(0);
}

/** Errors a page logs only because it has no network (a request the worker does not answer). */
const notAboutTheNetwork = (errors: string[]) =>
  errors.filter((error) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/.test(error));

// @phone: the card is shown at the till on a phone.
test('after one signed-in visit, the card opens with no signal: barcode, number and the balance as of then @phone', async ({
  page,
  context,
  consoleErrors,
}) => {
  await visitCardOnline(page);
  const points = await page.locator('.points-summary strong').textContent();

  await context.setOffline(true);
  await page.reload();

  // Said politely, and the page is still the card page.
  await expect(offlineNotice(page)).toBeVisible();
  await expect(offlineNotice(page)).toContainText('Your card and barcode still work at the till.');
  await expect(page).toHaveURL(new RegExp(`${OFFLINE_CARD_PATH}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Your activity' })).toBeVisible();

  // The barcode kept from the visit scans to the card number; the number is there in large type.
  await expect(page.getByRole('img', { name: `Barcode for card number ${DEMO_CARD}` })).toBeVisible();
  expect(await barcodeNumber(page)).toBe(DEMO_CARD);
  await expect(page.getByLabel(`Card number ${DEMO_CARD}`)).toBeVisible();

  // The balance says when it is from; the activity is the last copy, read-only.
  await expect(page.getByText(/as of \d{2}:\d{2} on \d{1,2} \w+/)).toBeVisible();
  await expect(page.locator('.points-summary strong')).toHaveText(points ?? '');
  const items = page.getByRole('list', { name: 'Transactions' }).getByRole('listitem');
  await expect(items).toHaveCount(20);
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Show more activity' })).toBeDisabled();

  // The bigger barcode for the scanner opens offline too.
  await page.getByRole('button', { name: 'Scan your card' }).click();
  const scan = page.getByRole('dialog', { name: 'Scan' });
  await expect(scan.getByRole('img', { name: 'Your card barcode' })).toBeVisible();
  await designScreenshot(page, 'offline-card-scan', { fullPage: false });
  await page.keyboard.press('Escape');
  await designScreenshot(page, 'offline-card');

  // Back online, the notice goes once the page's reads are answered by the server again (asked on reconnect,
  // through the worker; on a busy machine that has taken more than 5 s) and the balance is the server's again.
  await context.setOffline(false);
  await expect(offlineNotice(page)).toHaveCount(0, { timeout: 15_000 });
  await page.reload();
  await expect(page.getByRole('img', { name: `Barcode for card number ${DEMO_CARD}` })).toBeVisible();
  await expect(page.getByText(/as of \d{2}:\d{2}/)).toHaveCount(0);
  expect(notAboutTheNetwork(consoleErrors)).toEqual([]);
});

test('logging out leaves nothing of the member on the device: offline, the card is gone and the welcome page says why @phone', async ({
  page,
  context,
  consoleErrors,
}) => {
  await visitCardOnline(page);

  // On a phone the navigation opens from the Menu button.
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('link', { name: 'Log out' }).first().click();
  await expect(page).toHaveURL(/\/welcome$/, { timeout: 20_000 });
  expect(await keptReads(page)).toEqual([]);

  await context.setOffline(true);
  await page.goto(OFFLINE_CARD_PATH);
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(offlineNotice(page)).toBeVisible();
  await expect(offlineNotice(page)).toContainText('Connect to the internet to log in or join.');
  await expect(page.getByRole('img', { name: /^Barcode for card number/ })).toHaveCount(0);
  await expect(page.getByText(DEMO_CARD)).toHaveCount(0);
  // Nothing is kept for a read the member made before logging out, either.
  const barcodeAnswer = await page.evaluate(
    (path) =>
      fetch(path)
        .then((response) => response.status)
        .catch(() => 'no answer'),
    NECTAR_ID_PATH,
  );
  expect(barcodeAnswer).toBe('no answer');
  await designScreenshot(page, 'offline-welcome');
  expect(notAboutTheNetwork(consoleErrors)).toEqual([]);
});
