import { brand } from '@app/contracts/brand';
import { SUPERMARKET_OFFERS_PATH } from '@app/contracts/routes';
import {
  chooseEssentialCookiesOnly,
  designScreenshot,
  expect,
  freshMember,
  seriousAxeViolations,
  test,
} from './fixtures.ts';

const OFFER = '50 bonus points on salmon fillets';

test("a member loads an offer, a sale at the sandbox till pays it out, and the member's open homepage shows it without a reload", async ({
  page,
  context,
  consoleErrors,
}) => {
  const member = await freshMember(page.request, { points: 100, offers: 'demo' });

  // The member loads the offer on the site.
  await page.goto(SUPERMARKET_OFFERS_PATH);
  await chooseEssentialCookiesOnly(page);
  const offer = page.getByRole('article', { name: OFFER, exact: true });
  const loaded = page.waitForResponse(
    (response) => response.url().endsWith('/offers-api/offer/state') && response.status() === 200,
  );
  await offer.getByRole('button', { name: 'Load offer' }).click();
  await loaded;

  // The homepage stays open while the till sells.
  // The app opens its stream of live updates once the page has loaded.
  const stream = page.waitForResponse((response) => response.url().endsWith('/balance-api/updates'));
  await page.goto('/homepage');
  await expect(page.getByRole('heading', { level: 1, name: 'Hello Sam' })).toBeVisible();
  expect((await stream).status()).toBe(200);
  const saved = page.getByRole('region', { name: 'Your saved offers' });
  await expect(saved.getByRole('article', { name: OFFER, exact: true })).toBeVisible();
  await expect(page.getByText('100', { exact: true }).first()).toBeVisible();

  const till = await context.newPage();
  await till.goto('/till');
  await expect(till.getByRole('heading', { level: 1, name: 'Sandbox till' })).toBeVisible();
  await till.getByLabel('Card number').fill(member.cardNumber);
  await till.getByRole('button', { name: /^Add Salmon fillets/ }).click();
  await till.getByRole('button', { name: 'Pay' }).click();
  const result = till.getByRole('status', { name: 'Till result' });
  await expect(result.getByText(`Bonus offer: ${OFFER}`)).toBeVisible();
  await expect(result.getByText('Points for your shop')).toBeVisible();
  expect(await seriousAxeViolations(till)).toEqual([]);
  await designScreenshot(till, 'sandbox-till-paid');
  await till.close();

  // Salmon fillets at £3.22 earn 3 base points and the offer's 50: the open homepage hears of it by itself.
  await expect(page.getByText(`You collected 53 points at ${brand.retailer}`)).toBeVisible();
  await expect(page.getByText('153', { exact: true }).first()).toBeVisible();
  await expect(saved.getByRole('article', { name: OFFER, exact: true }).getByText('Paid out')).toBeVisible();
  await designScreenshot(page, 'homepage-after-till-sale');
  expect(consoleErrors).toEqual([]);
});
