import { chooseEssentialCookiesOnly, designScreenshot, expect, startSession, test } from './fixtures.ts';

// Switches that used to change nothing (docs/product/switches-and-constants.md §S9; ADR 038). The journeys
// run on localhost, the local environment: chat bot and picks section are off there, digital week and ways to
// spend on; `?switches=name` turns one on (and is remembered; `?switches=` forgets).

test('the chat bot switch puts a help chat in the help centre that answers from its questions', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/help?switches=');
  await chooseEssentialCookiesOnly(page);
  await expect(
    page.getByRole('button', { name: /Collecting points|Your card|Points/ }).first(),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Chat with us' })).toHaveCount(0);

  await page.goto('/help?switches=chatBot');
  const chat = page.getByRole('region', { name: 'Chat with us' });
  await chat.getByRole('button', { name: 'Start a chat' }).click();
  const dialog = page.getByRole('dialog', { name: 'Help chat' });
  await expect(dialog.getByText("Hi, I'm the Nectar help assistant.", { exact: false })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Your question' }).fill('when will my points appear');
  await dialog.getByRole('button', { name: 'Send' }).click();
  const log = dialog.getByRole('list', { name: 'Conversation' });
  await expect(log.getByText('This might help:')).toBeVisible();
  await log.locator('summary').first().click();
  await expect(log.locator('details[open]')).toHaveCount(1);
  await designScreenshot(page, 'help-chat', { fullPage: false });
  expect(consoleErrors).toEqual([]);
});

test('the homepage shows picks only with the picks section switch, and the Digital Week banner and ways to spend where they are on @phone', async ({
  page,
  consoleErrors,
}) => {
  await startSession(page);
  await page.goto('/homepage?switches=');
  await chooseEssentialCookiesOnly(page);
  await expect(page.getByRole('heading', { level: 1, name: /^Hello/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'New offers for you' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Picks for you' })).toHaveCount(0);
  // On in the local environment.
  await expect(page.getByRole('complementary', { name: "It's Digital Week" })).toBeVisible();
  const ways = page.getByRole('region', { name: 'Ways to spend' });
  await expect(ways.getByRole('link', { name: 'Vouchers and rewards' })).toBeVisible();

  await page.goto('/homepage?switches=picksSection');
  const picks = page.getByRole('region', { name: 'Picks for you' });
  await expect(picks.getByRole('listitem')).toHaveCount(3);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await designScreenshot(page, 'homepage-switches');

  await page
    .getByRole('complementary', { name: "It's Digital Week" })
    .getByRole('link', { name: 'Show my digital card' })
    .click();
  await expect(page).toHaveURL(/\/card\/activity$/);
  expect(consoleErrors).toEqual([]);
});
