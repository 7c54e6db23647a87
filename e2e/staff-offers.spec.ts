import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { offerMessages } from '@app/contracts/staff-offers';
import { designScreenshot, expect, seriousAxeViolations, test } from './fixtures.ts';
import { signInFreshStaff } from './staff.ts';

/** London's wall clock `minutes` from now, as a date-time input takes it (`2026-12-01T09:00`). */
function londonClock(minutes: number) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(Date.now() + minutes * 60_000))
      .map((part) => [part.type, part.value]),
  );
  return `${parts['year']}-${parts['month']}-${parts['day']}T${parts['hour']}:${parts['minute']}`;
}

/**
 * Writes a bonus offer in the console's form, for members who collected at the fuel partner in the last 90
 * days, starting a minute ago so that it is live once approved, and saves it as a draft: its page opens.
 */
async function writeFuelOffer(page: Page, title: string, campaign: string) {
  await page.getByRole('link', { name: 'New offer' }).click();
  const form = page.getByRole('form', { name: 'New offer' });
  await form.getByLabel('Campaign (optional)').fill(campaign);
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Description').fill('500 bonus points when you spend £40 on fuel');
  await form.getByLabel('How to get it').fill('Load the offer, then fill up and scan your card.');
  await form.getByLabel('Terms').fill('Once per member. Fuel only.');
  await form.getByLabel('Category key').fill('fuel');
  await form.getByLabel('Category name').fill('Fuel');
  // The first picture of the library (the second choice: the first is the category's own), by its tile.
  const picture = form.getByRole('group', { name: 'Picture' }).getByRole('radio').nth(1);
  await picture.locator('xpath=..').click();
  await expect(picture).toBeChecked();
  await form.getByLabel('Least spend (£)').fill('40');
  await form.getByLabel('Applies to').selectOption('category');
  await expect(form.getByLabel('Category it applies to')).toHaveValue('fuel');
  await form.getByLabel('Points paid').fill('500');
  await form.getByLabel('Starts').fill(londonClock(-1));
  await form.getByLabel('Budget in points (optional)').fill('50000');
  await expect(form.getByText('50,000 points cost £250.00 when spent')).toBeVisible();
  await form.getByRole('radio', { name: /A segment/ }).check();
  await expect(form.getByLabel('Rule 1')).toHaveValue('fuel-shopper');
  await expect(form.getByText('Shopped at Esso in the last 90 days')).toBeVisible();
  await form.getByRole('button', { name: 'Count members' }).click();
  await expect(form.getByText(/every rule now/)).toBeVisible();
  await form.getByRole('button', { name: 'Save the draft' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('The draft is saved.')).toBeVisible();
}

test('a campaign manager makes a bonus offer for fuel shoppers; another approves it and it is live', async ({
  page,
  browser,
  consoleErrors,
}) => {
  const run = randomUUID().slice(0, 8);
  const title = `Fuel bonus ${run}`;
  const campaign = `Winter fuel ${run}`;
  await signInFreshStaff(page.request, 'marketer');
  // A campaign manager sees no member: the console opens on the offers.
  await page.goto('/console/');
  await expect(page.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Console' });
  await expect(nav.getByRole('link', { name: 'Find a member' })).toHaveCount(0);

  await writeFuelOffer(page, title, campaign);
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Send for approval' }).click();
  await expect(page.getByText('Sent for approval. Someone else must approve it.')).toBeVisible();
  await expect(page.getByText('Awaiting approval', { exact: true })).toBeVisible();
  // Nobody approves their own offer: the writer is offered no Approve, and the page says who may.
  await expect(page.getByText(offerMessages.ownApproval, { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  // The server refuses it all the same.
  const refused = await page.request.post(
    `${new URL(page.url()).pathname.replace('/console', '/staff-api')}/approve`,
    {
      headers: { channel: 'JS-WEB' },
      data: {},
    },
  );
  expect(refused.status()).toBe(403);
  const offerPath = new URL(page.url()).pathname;

  // A second campaign manager, in a browser of their own, approves it from its page.
  const secondContext = await browser.newContext();
  const second = await secondContext.newPage();
  await signInFreshStaff(second.request, 'marketer');
  await second.goto(offerPath);
  await second.getByRole('button', { name: 'Approve' }).click();
  const dialog = second.getByRole('dialog', { name: `Approve “${title}”` });
  await expect(dialog).toContainText('members who meet every rule: Shopped at Esso in the last 90 days');
  await dialog.getByRole('button', { name: 'Approve the offer' }).click();
  await expect(second.getByText('Approved.')).toBeVisible();
  await expect(second.getByText('Live', { exact: true })).toBeVisible();
  await secondContext.close();

  // The writer's page shows it live, with what it did so far and its budget.
  await page.reload();
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  const did = page.getByRole('region', { name: 'What it did' });
  await expect(did.getByRole('meter', { name: `Points issued of the budget of ${title}` })).toHaveAttribute(
    'aria-valuetext',
    '0 of 50,000 points, 0%',
  );
  await expect(did.getByRole('link', { name: 'Download CSV' })).toBeVisible();
  // Its campaign lists it.
  await page.getByRole('link', { name: campaign }).click();
  await expect(page.getByRole('heading', { level: 1, name: campaign })).toBeVisible();
  await expect(page.getByRole('table', { name: `Offers of the campaign ${campaign}` })).toContainText(title);
  expect(consoleErrors).toEqual([]);
});

test('every offers page at phone and desktop width, as an admin: no serious accessibility finding', async ({
  page,
  consoleErrors,
}) => {
  const run = randomUUID().slice(0, 8);
  const title = `Fuel bonus ${run}`;
  const campaign = `Winter fuel ${run}`;
  await page.setViewportSize({ width: 1366, height: 900 });
  // An admin sees every page a campaign manager does, and the careline's besides: the whole header.
  await signInFreshStaff(page.request, 'admin');
  await page.goto('/console/offers');
  await expect(page.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
  await writeFuelOffer(page, title, campaign);
  const offerPath = new URL(page.url()).pathname;

  /** The page at both widths: checked, and drawn for the design review. */
  const both = async (name: string, ready: () => Promise<void>) => {
    for (const [width, height, label] of [
      [390, 844, 'phone'],
      [1366, 900, 'desktop'],
    ] as const) {
      await page.setViewportSize({ width, height });
      await ready();
      expect(await seriousAxeViolations(page), `${name} at ${label} width`).toEqual([]);
      await designScreenshot(page, `console-offers-${name}-${label}`);
    }
  };

  await page.goto('/console/offers');
  await both('list', () => expect(page.getByRole('link', { name: title })).toBeVisible());

  await page.getByRole('link', { name: 'New offer' }).click();
  const form = page.getByRole('form', { name: 'New offer' });
  await form.getByRole('radio', { name: /A segment/ }).check();
  await form.getByRole('button', { name: 'Save the draft' }).click();
  await both('form', () => expect(form.getByText('Enter a title of up to 120 characters.')).toBeVisible());

  await page.goto(offerPath);
  await page.getByRole('button', { name: 'Show the preview' }).click();
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByTitle('Offer card as a member sees it, phone width')).toBeVisible();
  // The member site lets the console frame its preview pages: the draft shows as a member will see it.
  const card = page.frameLocator('iframe[title="Offer card as a member sees it, phone width"]');
  await expect(card.getByText(title).first()).toBeVisible();
  await both('offer', () => expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible());

  await page.goto(`${offerPath}/edit`);
  await both('edit', () => expect(page.getByRole('form', { name: `Change “${title}”` })).toBeVisible());

  await page.goto(`/console/campaigns/${encodeURIComponent(campaign)}`);
  await both('campaign', () => expect(page.getByRole('heading', { level: 1, name: campaign })).toBeVisible());
  expect(consoleErrors).toEqual([]);
});
