import {
  chooseEssentialCookiesOnly,
  designScreenshot,
  expect,
  seriousAxeViolations,
  startSession,
  test,
} from './fixtures.ts';

test('a visitor opens a help topic and a question, and an anchor opens its topic', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/help');
  await chooseEssentialCookiesOnly(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Help centre' })).toBeVisible();
  const topic = page.getByRole('button', { name: 'Your account' });
  await topic.click();
  await expect(topic).toHaveAttribute('aria-expanded', 'true');
  const question = page.getByRole('button', { name: "I've forgotten my password" });
  await question.click();
  await expect(page.getByText("we'll email you a link to choose a new one")).toBeVisible();
  // The help centre with a topic and a question open (public-pages.spec.ts scans it closed).
  expect(await seriousAxeViolations(page)).toEqual([]);
  await designScreenshot(page, 'help');

  await page.goto('/faqs#offers');
  await expect(page).toHaveURL(/\/help#offers$/);
  await expect(page.getByRole('button', { name: 'Offers' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('button', { name: 'Offers' })).toBeFocused({ timeout: 3000 });
  expect(consoleErrors).toEqual([]);
});

test('a member sends a suggestion and is thanked by name', async ({ page, consoleErrors }, testInfo) => {
  await startSession(page);
  await page.goto('/feedback');
  await chooseEssentialCookiesOnly(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Feedback' })).toBeVisible();
  await page.getByRole('link', { name: /An idea/ }).click();
  await expect(page).toHaveURL(/\/feedbackSuggestion$/);
  const send = page.getByRole('button', { name: 'Send feedback' });
  await expect(send).toBeDisabled();
  await page.getByLabel('Your idea').fill(`A dark mode, please (${testInfo.project.name})`);
  await expect(send).toBeEnabled();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await designScreenshot(page, 'feedback-form');
  await send.click();
  await expect(page.getByRole('heading', { name: 'Thanks for the feedback, Alex' })).toBeVisible();
  await expect(
    page.getByText("We're always working to improve the website, and your feedback is really valuable."),
  ).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('a member plays back their year from the ledger', async ({ page, consoleErrors }) => {
  // A session cookie alone (no sign-in page seen in this browser, so no local marker) counts as signed in:
  // the public playback route plays the member's year instead of asking them to log in
  // (docs/product/signed-in-pages.md §S4).
  await startSession(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`/dataplayback/${new Date().getUTCFullYear()}/year-in-review`);
  await chooseEssentialCookiesOnly(page);
  await expect(page.getByRole('heading', { level: 2, name: /Alex, this was your/ })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'You collected' })).toBeVisible();
  await designScreenshot(page, 'year-in-review');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Where you collected most' })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);

  // A year the playback does not cover (an edited link) says so in words, not in the server's validation
  // terms.
  await page.goto('/dataplayback/2019/year-in-review');
  await expect(page.getByRole('alert')).toHaveText("There's no year in review for 2019.", {
    timeout: 15_000,
  });
});

test('registering with an email that already has an account says so at the email step', async ({ page }) => {
  await page.goto('/id/start');
  await chooseEssentialCookiesOnly(page);
  await page.getByRole('radio', { name: /^No/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Email address').fill('demo@example.com');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Email address')).toHaveAccessibleDescription(/Please log in\./);
  await expect(page.getByRole('link', { name: 'Log in' }).last()).toBeVisible();
  await expect(page).toHaveURL(/\/id\/start\/enter-email-address$/);
});

test('the old password paths lead into password reset, not registration', async ({ page }) => {
  await page.goto('/forgotten-password');
  await expect(page).toHaveURL(/\/id\/start\/forgotten-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
});
