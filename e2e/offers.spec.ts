import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  chooseEssentialCookiesOnly,
  designScreenshot,
  expect,
  freshMember,
  seriousAxeViolations,
  startSession,
  test,
} from './fixtures.ts';

/** axe's heading-order findings (moderate, so not among the serious ones every journey checks). */
async function headingOrderViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withRules(['heading-order']).analyze();
  return results.violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(' ')));
}

test('a collector manages offers on the homepage, and a reload shows the same states', async ({
  page,
  consoleErrors,
}) => {
  // Every offer call the page makes must succeed: a refused one would be put back silently.
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/offers-api/') && response.status() >= 400) {
      void response
        .text()
        .then((body) => refused.push(`${response.request().method()} ${response.status()} ${body}`));
    }
  });
  // A member of the journey's own with the demo member's offers and balance: the states it changes are its
  // own.
  await freshMember(page.request, { points: 2450, offers: 'demo' });
  await page.goto('/homepage');
  await chooseEssentialCookiesOnly(page);

  await expect(page.getByRole('heading', { level: 1, name: 'Hello Sam' })).toBeVisible();
  await expect(page.getByText('2,450')).toBeVisible();
  await expect(page.getByText('worth £12.25')).toBeVisible();

  const newOffers = page.getByRole('region', { name: 'New offers for you' });
  const saved = page.getByRole('region', { name: 'Your saved offers' });
  const partners = page.getByRole('region', { name: 'Partner offers' });
  const offer = (region: typeof saved, title: string) =>
    region.getByRole('article', { name: title, exact: true });

  // Load an offer: it moves to the saved offers.
  const toLoad = newOffers.getByRole('article').first();
  const title = (await toLoad.getAttribute('aria-label')) ?? '';
  await toLoad.getByRole('button', { name: 'Load offer' }).click();
  await expect(offer(saved, title)).toBeVisible();

  // Pin and unpin it.
  await offer(saved, title).getByRole('button', { name: 'Pin' }).click();
  await expect(offer(saved, title).getByText('Pinned')).toBeVisible();
  await offer(saved, title).getByRole('button', { name: 'Unpin' }).click();
  await expect(offer(saved, title).getByText('Pinned')).toHaveCount(0);

  // Hide another offer, then Undo.
  const toHide = newOffers.getByRole('article').first();
  const hiddenTitle = (await toHide.getAttribute('aria-label')) ?? '';
  await toHide.getByRole('button', { name: 'Hide' }).click();
  await expect(offer(newOffers, hiddenTitle)).toHaveCount(0);
  expect(refused).toEqual([]);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(offer(newOffers, hiddenTitle)).toBeVisible();

  // Opt into a partner offer and bookmark it.
  const partner = partners
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: 'Opt in' }) })
    .first();
  const partnerTitle = (await partner.getAttribute('aria-label')) ?? '';
  await partner.getByRole('button', { name: 'Opt in' }).click();
  await expect(offer(partners, partnerTitle).getByText('Opted in')).toBeVisible();
  await offer(partners, partnerTitle).getByRole('button', { name: 'Bookmark' }).click();
  await expect(offer(partners, partnerTitle).getByRole('button', { name: 'Bookmarked' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // The zoom view of a personalised offer's image.
  await offer(saved, title)
    .getByRole('button', { name: /Zoom in on the image/ })
    .click();
  const zoom = page.getByRole('dialog', { name: title });
  await expect(zoom.getByRole('img', { name: title })).toHaveAttribute('src', /1360\.svg$/);
  await page.keyboard.press('Escape');

  expect(await seriousAxeViolations(page)).toEqual([]);
  await designScreenshot(page, 'homepage-offers');

  // A reload shows the same states, read back from the server.
  await page.reload();
  await expect(offer(saved, title)).toBeVisible();
  await expect(offer(newOffers, hiddenTitle)).toBeVisible();
  await expect(offer(partners, partnerTitle).getByText('Opted in')).toBeVisible();
  await expect(offer(partners, partnerTitle).getByRole('button', { name: 'Bookmarked' })).toBeVisible();
  expect(refused).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('the supermarket offers page filters by type and category, and an offer opens in full', async ({
  page,
  consoleErrors,
}) => {
  await startSession(page);

  // The old link /offers/food is a redirect to the bonus filter (docs/product/signed-in-pages.md §S2.4).
  await page.goto('/offers/food');
  await expect(page).toHaveURL(/\/offers\/sainsburys\?filter=bonus$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bonus points offers' })).toBeVisible();
  await chooseEssentialCookiesOnly(page);
  const offers = page.getByRole('region', { name: 'Offers' });
  await expect(offers.getByRole('article').first()).toBeVisible();
  const allCount = await offers.getByRole('article').count();
  // Each card's picture is decoration (its product on a tinted panel), and its whole title is text beside it.
  const card = offers.getByRole('article').first();
  const cardTitle = (await card.getAttribute('aria-label')) ?? '';
  await expect(card.locator('img').first()).toHaveAttribute('alt', '');
  await expect(card.locator('img').first()).toHaveAttribute(
    'src',
    /\/offers-api\/images\/picture-[a-z-]+\/\d+\.svg$/,
  );
  await expect(card.getByRole('heading', { level: 2, name: cardTitle })).toBeVisible();
  expect(await headingOrderViolations(page)).toEqual([]);

  // The choice lives in the address (shareable, survives a reload), which updates a moment after the click.
  await page.getByRole('radio', { name: 'Bakery' }).click();
  await expect(page.getByRole('radio', { name: 'Bakery' })).toBeChecked();
  await expect(page).toHaveURL(/category=bakery/);
  const bakeryCount = await offers.getByRole('article').count();
  expect(bakeryCount).toBeGreaterThan(0);
  expect(bakeryCount).toBeLessThan(allCount);
  await expect(page.getByText(`${bakeryCount} offers`)).toBeVisible();

  await page.getByRole('button', { name: 'Your Nectar Prices' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Nectar Prices' })).toBeVisible();
  // The member-price list's first category is 'All Prices' (docs/product/signed-in-pages.md §S2.6).
  await expect(page.getByRole('radio', { name: 'All Prices' })).toBeChecked();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await designScreenshot(page, 'supermarket-offers', { fullPage: false });

  const first = offers.getByRole('article').first();
  const title = (await first.getAttribute('aria-label')) ?? '';
  await first.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/offer-details\/your-nectar-prices\/price-/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How to get this offer' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: /^\d{1,2} \w+ \d{4}$/ })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await designScreenshot(page, 'offer-details');
  // The back link returns to the list the offer belongs to.
  await page.getByRole('link', { name: 'Back to Your Nectar Prices' }).click();
  await expect(page).toHaveURL(/\/offers\/sainsburys\?filter=your-nectar-prices$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your Nectar Prices' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('saved offers are filtered and sorted through their popups, and the choice survives a reload', async ({
  page,
  consoleErrors,
}) => {
  // The demo member's offers (some saved, one pinned), on a member of the journey's own: it bookmarks one.
  await freshMember(page.request, { offers: 'demo' });
  const shot = (name: string) => designScreenshot(page, `saved-offers-${name}`);

  // Bookmark a partner offer on the homepage so the partner filter has something to show.
  await page.goto('/homepage');
  await chooseEssentialCookiesOnly(page);
  const partners = page.getByRole('region', { name: 'Partner offers' });
  const toBookmark = partners
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: 'Bookmark', exact: true }) })
    .first();
  const partnerTitle = (await toBookmark.getAttribute('aria-label')) ?? '';
  await toBookmark.getByRole('button', { name: 'Bookmark', exact: true }).click();
  await expect(
    partners
      .getByRole('article', { name: partnerTitle, exact: true })
      .getByRole('button', { name: 'Bookmarked' }),
  ).toBeVisible();
  await page.getByRole('link', { name: /^See all \d+ saved offers$/ }).click();

  await expect(page).toHaveURL(/\/offers\/saved$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your saved offers' })).toBeVisible();
  const list = page.getByRole('region', { name: 'Saved offers' });
  await expect(list.getByRole('article').first()).toBeVisible();
  const allCount = await list.getByRole('article').count();
  await expect(list.getByText(`${allCount} saved offers`)).toBeVisible();
  await expect(list.getByRole('article', { name: partnerTitle, exact: true })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(await headingOrderViolations(page)).toEqual([]);
  await shot('01-saved-offers');

  // The instruction popup.
  await page.getByRole('button', { name: 'How saved offers work' }).click();
  const instructions = page.getByRole('dialog', { name: 'How saved offers work' });
  await expect(instructions).toContainText('Pin an offer to keep it at the top of this list.');
  await instructions.getByRole('button', { name: 'Got it' }).click();
  await expect(instructions).toHaveCount(0);

  // An offer's terms open in a popup over the list.
  const firstSaved = list.getByRole('article').first();
  const firstTitle = (await firstSaved.getAttribute('aria-label')) ?? '';
  await firstSaved.getByRole('button', { name: `Terms and conditions: ${firstTitle}` }).click();
  const terms = page.getByRole('dialog', { name: 'Terms and conditions' });
  await expect(terms).toContainText(firstTitle);
  await page.keyboard.press('Escape');
  await expect(terms).toHaveCount(0);

  // The filter popup: Reset and Show offers only when the values differ from the defaults.
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  const filter = page.getByRole('dialog', { name: 'Filter your saved offers' });
  await expect(filter.getByRole('radio', { name: 'Recently saved' })).toBeChecked();
  await expect(filter.getByRole('radio', { name: 'All offers' })).toBeChecked();
  await expect(filter.getByRole('button', { name: 'Reset' })).toHaveCount(0);
  await expect(filter.getByRole('button', { name: 'Show offers' })).toHaveCount(0);
  await filter.getByRole('radio', { name: 'Ending soon' }).check();
  await expect(filter.getByRole('button', { name: 'Show offers' })).toBeVisible();
  await expect(filter.getByRole('button', { name: 'Reset' })).toBeVisible();
  await filter.getByRole('radio', { name: 'Recently saved' }).check();
  await expect(filter.getByRole('button', { name: 'Show offers' })).toHaveCount(0);
  await filter.getByRole('radio', { name: 'Partner offers' }).check();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shot('02-filter-popup');
  await filter.getByRole('button', { name: 'Show offers' }).click();
  await expect(filter).toHaveCount(0);
  await expect(page).toHaveURL(/\/offers\/saved\?filter=partnersOffers$/);
  const partnerCount = await list.getByRole('article').count();
  expect(partnerCount).toBeGreaterThan(0);
  expect(partnerCount).toBeLessThan(allCount);
  // Every partner offer listed is one the collector bookmarked.
  await expect(list.getByRole('button', { name: 'Bookmarked' })).toHaveCount(partnerCount);
  await expect(list.getByText(`(Partner offers)`)).toBeVisible();

  // A reload keeps the choice.
  await page.reload();
  await expect(list.getByRole('article')).toHaveCount(partnerCount);
  await expect(page.getByRole('button', { name: 'Filter (on)' })).toBeVisible();

  // The sorting popup applies at once; the retailer's offers by the soonest end.
  await page.getByRole('button', { name: 'Filter (on)' }).click();
  await filter.getByRole('radio', { name: "Sainsbury's offers" }).check();
  await filter.getByRole('button', { name: 'Show offers' }).click();
  await page.getByRole('button', { name: 'Sort: Recently saved' }).click();
  await page
    .getByRole('dialog', { name: 'Sort your saved offers' })
    .getByRole('radio', { name: 'Ending soon' })
    .click();
  await expect(page).toHaveURL(/sort=endingSoon/);
  await expect(page).toHaveURL(/filter=sainsburysOffers/);
  await expect(page.getByRole('button', { name: 'Sort: Ending soon' })).toBeVisible();
  const ends = await list
    .getByRole('article')
    .filter({ hasNot: page.getByText('Pinned', { exact: true }) })
    .locator('.offer-card__ends')
    .allTextContents();
  const endTimes = ends.map((text) => Date.parse(text.replace('Ends ', '')));
  expect(endTimes).toEqual([...endTimes].sort((a, b) => a - b));
  await shot('03-sorted');

  // Reset goes back to the defaults.
  await page.getByRole('button', { name: 'Filter (on)' }).click();
  await filter.getByRole('button', { name: 'Reset' }).click();
  await expect(page).toHaveURL(/\/offers\/saved$/);
  await expect(list.getByRole('article')).toHaveCount(allCount);

  // A saved retailer offer opens on its saved details route.
  const retailerOffer = list
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: /^(Pin|Unpin)$/ }) })
    .first();
  const title = (await retailerOffer.getAttribute('aria-label')) ?? '';
  await retailerOffer.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/saved\/offer-details\/food\//);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('an unknown offer type is not a page', async ({ page }) => {
  await startSession(page);
  await page.goto('/offers/unknown-type');
  await expect(page.getByRole('heading', { level: 1, name: "We can't find that page" })).toBeVisible();
});

test('a signed preview link shows an offer to a visitor without a session, and an altered one does not', async ({
  page,
  request,
  consoleErrors,
}) => {
  const created = await request.post('/dev/offer-preview', {
    headers: { channel: 'JS-WEB' },
    data: { offerId: 'piano-002' },
  });
  expect(created.status()).toBe(200);
  const { paths } = (await created.json()) as {
    paths: Record<'offerCard' | 'heroCard' | 'offerDetails', string>;
  };
  const offer = (await (
    await request.get(paths.offerCard.replace('/offercard-preview/', '/offers-api/preview/'))
  ).json()) as {
    title: string;
  };

  await page.goto(paths.offerCard);
  await chooseEssentialCookiesOnly(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Offer card preview' })).toBeVisible();
  const card = page.getByRole('article', { name: offer.title });
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: 'Load offer' })).toHaveCount(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await designScreenshot(page, 'preview-card');

  await page.goto(paths.heroCard);
  await expect(page.getByRole('heading', { level: 1, name: 'Hero card preview' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: offer.title })).toBeVisible();
  await designScreenshot(page, 'preview-hero');

  await page.goto(paths.offerDetails);
  await expect(page.getByRole('heading', { level: 1, name: offer.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How to get this offer' })).toBeVisible();

  await page.goto(`${paths.offerCard}x`);
  await expect(page.getByRole('heading', { level: 1, name: "This preview isn't available" })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('This preview link has expired or is not valid.');
  expect(consoleErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
});

test('partner offers are listed by category at /offers/brand and /partners', async ({
  page,
  consoleErrors,
}) => {
  await startSession(page);
  await page.goto('/offers/brand');
  await chooseEssentialCookiesOnly(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Partner offers' })).toBeVisible();
  const offers = page.getByRole('region', { name: 'Offers' });
  await expect(offers.getByRole('article').first()).toBeVisible();
  const allCount = await offers.getByRole('article').count();
  await expect(page.getByRole('radio', { name: 'All categories' })).toBeChecked();
  const category = page.getByRole('radio').nth(1);
  const label = (await category.getAttribute('value')) ?? '';
  await category.click();
  await expect(page).toHaveURL(new RegExp(`category=${label}`));
  const some = await offers.getByRole('article').count();
  expect(some).toBeGreaterThan(0);
  expect(some).toBeLessThanOrEqual(allCount);
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.goto('/partners');
  await expect(page.getByRole('heading', { level: 1, name: 'Partner offers' })).toBeVisible();
  await expect(offers.getByRole('article')).toHaveCount(allCount);
  expect(consoleErrors).toEqual([]);
});
