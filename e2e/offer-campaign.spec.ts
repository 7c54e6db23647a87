import { randomUUID } from 'node:crypto';
import type { OfferDraft, StaffOfferDetails } from '@app/contracts/staff-offers';
import { SUPERMARKET_OFFERS_PATH } from '@app/contracts/routes';
import { chooseEssentialCookiesOnly, expect, freshMember, test } from './fixtures.ts';
import { signInFreshStaff } from './staff.ts';

const DAY = 86_400_000;

/**
 * An offer's whole way, across the three sides of the counter: a campaign manager writes a bonus offer for the
 * members who shopped at the fuel partner, a second person approves it in the console, a member in that segment
 * sees it on the site and loads it, a sale at the sandbox till pays it out, and the offer's page in the console
 * counts one member paid and the points against its budget, from the ledger.
 */
test('an offer made in the console reaches a fuel shopper, pays out at the till and shows in its figures', async ({
  page,
  browser,
  consoleErrors,
}) => {
  // A member with a year of shopping, fuel every month: in the segment of fuel shoppers of the last 90 days.
  const member = await freshMember(page.request, { history: 'year' });
  const title = `250 bonus points on croissants ${randomUUID().slice(0, 8)}`;

  // The campaign manager writes it (the form itself is the journey of staff-offers.spec.ts) and sends it.
  const marketerContext = await browser.newContext();
  const marketer = marketerContext.request;
  await signInFreshStaff(marketer, 'marketer');
  const draft: OfferDraft = {
    kind: 'bonus',
    partnerId: null,
    campaign: null,
    title,
    description: 'Collect 250 extra points when you buy croissants.',
    howTo: 'Load this offer, then buy croissants and scan your card.',
    terms: 'Once per member.',
    category: { key: 'bakery', name: 'Bakery' },
    picture: 'croissant',
    rule: { kind: 'product', sku: 'croissants', points: 250 },
    points: 250,
    maxPerMember: 1,
    validFrom: new Date(Date.now() - 60_000).toISOString(),
    // Ending soon: among the member's offers, those ending soonest are shown first.
    validTo: new Date(Date.now() + 2 * DAY).toISOString(),
    budgetPoints: 10_000,
    audience: { kind: 'segment', rules: [{ rule: 'fuel-shopper', days: 90 }] },
  };
  const made = await marketer.post('/staff-api/offers', {
    headers: { channel: 'JS-WEB' },
    data: draft,
  });
  expect(made.status(), await made.text()).toBe(201);
  const offer = (await made.json()) as StaffOfferDetails;
  const sent = await marketer.post(`/staff-api/offers/${offer.id}/submit`, {
    headers: { channel: 'JS-WEB' },
    data: {},
  });
  expect(sent.status(), await sent.text()).toBe(200);
  await marketerContext.close();

  // A second person approves it from its page in the console.
  const approverContext = await browser.newContext();
  const console_ = await approverContext.newPage();
  await signInFreshStaff(console_.request, 'admin');
  await console_.goto(`/console/offers/${offer.id}`);
  await console_.getByRole('button', { name: 'Approve' }).click();
  const dialog = console_.getByRole('dialog', { name: `Approve “${title}”` });
  await dialog.getByRole('button', { name: 'Approve the offer' }).click();
  await expect(console_.getByText('Live', { exact: true })).toBeVisible();

  // The member sees it among the retailer's offers and loads it.
  await page.goto(SUPERMARKET_OFFERS_PATH);
  await chooseEssentialCookiesOnly(page);
  const card = page.getByRole('article', { name: title, exact: true });
  const loaded = page.waitForResponse(
    (response) => response.url().endsWith('/offers-api/offer/state') && response.status() === 200,
  );
  await card.getByRole('button', { name: 'Load offer' }).click();
  await loaded;

  // A sale at the sandbox till with croissants in the basket pays it out.
  const till = await page.context().newPage();
  await till.goto('/till');
  await till.getByLabel('Card number').fill(member.cardNumber);
  await till.getByRole('button', { name: /^Add Croissants/ }).click();
  await till.getByRole('button', { name: 'Pay' }).click();
  await expect(
    till.getByRole('status', { name: 'Till result' }).getByText(`Bonus offer: ${title}`),
  ).toBeVisible();
  await till.close();

  // The offer's page counts one member paid and 250 points of its budget of 10,000, from the ledger.
  await console_.reload();
  const did = console_.getByRole('region', { name: 'What it did' });
  const paid = did.locator('.figure').filter({ has: console_.getByText('Paid', { exact: true }) });
  await expect(paid.locator('.figure__value')).toHaveText('1');
  await expect(did.getByRole('meter', { name: `Points issued of the budget of ${title}` })).toHaveAttribute(
    'aria-valuetext',
    '250 of 10,000 points, 3%',
  );
  await approverContext.close();
  expect(consoleErrors).toEqual([]);
});
