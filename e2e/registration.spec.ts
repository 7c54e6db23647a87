import type { APIRequestContext, Page } from '@playwright/test';
import { ADDRESS_SEARCH_DELAY_MS, COPY_CONFIRMATION_MS } from '@app/contracts/registration';
import {
  designScreenshot,
  expect,
  seriousAxeViolations,
  test,
  chooseEssentialCookiesOnly,
} from './fixtures.ts';
import { latestLink } from './outbox.ts';

/**
 * A new consumer registers from the card check to 'Nicely done!' and ends signed in on the homepage.
 * The verification link is read from the outbox (GET /dev/outbox) and opened as a person would open it.
 */

/**
 * The analogue card mismatch screen with the contract's heading and message
 * (docs/product/registration-and-sign-in.md §R2, docs/product/calls-and-errors.md §R8).
 */
async function expectMismatchScreen(page: Page) {
  await expect(
    page.getByRole('heading', { level: 1, name: "Those details don't look quite right" }),
  ).toBeVisible();
  await expect(
    page.getByText(
      "We couldn't set up your digital account because the details you've given us don't match the details we have for your associated card.",
    ),
  ).toBeVisible();
}

const progressOf = (page: Page) => page.getByRole('progressbar', { name: 'Registration progress' });

/**
 * Presses Find address and lets the contract's 2-second search delay pass on the page's clock instead of the
 * journey's: Playwright's clock, installed before the first page (`context.clock.install()`), still flows as
 * real time does; this jumps it once the search is under way (the button busy).
 */
async function findAddress(page: Page) {
  const button = page.getByRole('button', { name: 'Find address' });
  await button.click();
  await expect(button).toHaveAttribute('aria-busy', 'true');
  await page.clock.fastForward(ADDRESS_SEARCH_DELAY_MS);
}

test('a new consumer registers and ends signed in on the homepage', async ({
  page,
  request,
  consoleErrors,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  const shot = (name: string) => designScreenshot(page, `registration-${name}`);
  const email = `reg-${testInfo.project.name}-${Date.now()}@example.com`;
  await context.clock.install();

  // Card check: no choice gives the contract's message; No goes to the email step.
  await page.goto('/id/start');
  await chooseEssentialCookiesOnly(page);
  await expect(page).toHaveURL(/\/id\/start\/nectar-card-check$/);
  await expect(page.getByRole('heading', { level: 1, name: "Right, let's get started" })).toBeVisible();
  await expect(progressOf(page)).toHaveAttribute('aria-valuenow', '10');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please select an option');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shot('01-card-check');
  await page.getByRole('radio', { name: /^No/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Email.
  await expect(page.getByRole('heading', { level: 1, name: "We'll now verify your email" })).toBeVisible();
  await expect(progressOf(page)).toHaveAttribute('aria-valuenow', '20');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter your email address');
  await page.getByLabel('Email address').fill('not-an-email');
  await expect(page.getByRole('alert')).toHaveText('Please enter valid email');
  await page.getByLabel('Email address').fill(email);
  await shot('02-enter-email');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Check email, survives a reload.
  await expect(page.getByRole('heading', { level: 1, name: "We've sent you an email" })).toBeVisible();
  await expect(progressOf(page)).toHaveAttribute('aria-valuenow', '30');
  await page.reload();
  await expect(page.getByText(email)).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shot('03-check-email');

  await page.goto(await latestLink(request, email, 'verification='));

  // Account choice.
  await expect(page.getByRole('heading', { level: 1, name: 'Choose an account' })).toBeVisible();
  await expect(progressOf(page)).toHaveAttribute('aria-valuenow', '40');
  await shot('04-choose-account');
  await page.getByRole('radio', { name: /Personal account/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Customer details, with the contract's messages.
  await expect(page.getByRole('heading', { level: 1, name: "Let's create your account" })).toBeVisible();
  await expect(progressOf(page)).toHaveAttribute('aria-valuenow', '50');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Enter your title')).toBeVisible();
  await expect(page.getByText('Enter your first name')).toBeVisible();
  await expect(page.getByText('Enter your date of birth')).toBeVisible();
  await page.getByLabel('Title').selectOption('Ms');
  await page.getByLabel('First name').fill('Zoë');
  await page.getByLabel('Last name').fill('Smith_Jones');
  await page.getByLabel('Date of birth').pressSequentially('3002');
  await expect(page.getByLabel('Date of birth')).toHaveValue('30/02/');
  await page.getByLabel('Date of birth').pressSequentially('1990');
  await expect(page.getByText('Letters, dashes, apostrophes and spaces only')).toBeVisible();
  await expect(page.getByText('Enter a date of birth in correct format')).toBeVisible();
  await page.getByLabel('Last name').fill('A'.repeat(26));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Last name must not be over 25 characters')).toBeVisible();
  await page.getByLabel('Last name').fill("O'Brien-Smith");
  await page.getByLabel('Date of birth').fill('');
  await page.getByLabel('Date of birth').pressSequentially('29021992');
  await expect(page.getByLabel('Date of birth')).toHaveValue('29/02/1992');
  await shot('05-customer-details');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Address: a postcode outside the set, then several results at M1 1AE.
  await expect(page.getByRole('heading', { level: 1, name: "What's your address?" })).toBeVisible();
  await expect(progressOf(page)).toHaveAttribute('aria-valuenow', '60');
  await page.getByLabel('Property number or name').fill('1');
  // Leaving the postcode field with something that is not a postcode says so at once
  // (docs/product/registration-and-sign-in.md §R5).
  await page.getByLabel('Postcode').fill('ZZ');
  await page.getByLabel('Postcode').blur();
  await expect(page.getByRole('alert')).toHaveText('Invalid postcode');
  await page.getByLabel('Postcode').fill('ZE1 0AA');
  await page.getByLabel('Postcode').blur();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await findAddress(page);
  await expect(page.getByRole('alert')).toHaveText(
    'No addresses were found - Please check your details and try again.',
    { timeout: 10_000 },
  );
  await page.getByLabel('Property number or name').fill('Flat');
  await page.getByLabel('Postcode').fill('M1 1AE');
  await findAddress(page);
  await expect(
    page.getByRole('heading', { level: 1, name: "We've found a few addresses, which is yours?" }),
  ).toBeVisible({ timeout: 10_000 });
  await shot('06-address-pick');
  await page.getByRole('button', { name: "My address isn't listed" }).click();
  await page.getByLabel('Property number or name').fill('Buckingham Palace');
  await page.getByLabel('Postcode').fill('SW1A 1AA');
  await findAddress(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Is this your address?' })).toBeVisible({
    timeout: 10_000,
  });
  await shot('07-address-confirm');
  await page.getByRole('button', { name: 'Yes, continue' }).click();

  // Phone.
  await expect(
    page.getByRole('heading', { level: 1, name: "Now let's make your account secure" }),
  ).toBeVisible();
  await expect(progressOf(page)).toHaveAttribute('aria-valuenow', '70');
  await page.getByRole('button', { name: 'Why do we ask for this?' }).click();
  await expect(page.getByRole('dialog')).toContainText('extra security');
  await page.keyboard.press('Escape');
  // The country and the number sit side by side inside the form, their fields level with each other, down to
  // a small phone's width.
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 360, height: viewport?.height ?? 800 });
  // Measured in one frame: the page may still be scrolling (focus goes back to the button that opened the
  // dialog), and each of three separate measurements would see it at another place.
  const [panel, country, mobile] = await page.evaluate(
    (elements) => elements.map((element) => element?.getBoundingClientRect().toJSON() as DOMRect),
    [
      await page.locator('.registration__panel').elementHandle(),
      await page.getByLabel('Country').elementHandle(),
      await page.getByLabel('Mobile number').elementHandle(),
    ],
  );
  expect(mobile && panel && mobile.x + mobile.width).toBeLessThanOrEqual(
    (panel?.x ?? 0) + (panel?.width ?? 0),
  );
  expect(Math.abs((mobile?.y ?? 0) - (country?.y ?? 100))).toBeLessThanOrEqual(4);
  if (viewport) await page.setViewportSize(viewport);
  await page.getByLabel('Memorable word').fill('Biscuit');
  await page.getByLabel('Mobile number').fill('07911 12345');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter a valid mobile number');
  await page.getByLabel('Mobile number').fill('07911 123456');
  await shot('08-phone');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Password.
  await expect(page.getByRole('heading', { level: 1, name: 'Create a password' })).toBeVisible();
  await expect(progressOf(page)).toHaveAttribute('aria-valuenow', '80');
  const continueButton = page.getByRole('button', { name: 'Continue' });
  await page.getByLabel('Password', { exact: true }).fill('Bright-Lantern-42');
  await page.getByLabel('Confirm password').fill('Bright-Lantern-4');
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  await expect(continueButton).toBeDisabled();
  await page.getByLabel('Confirm password').fill('Bright-Lantern-42');
  await expect(continueButton).toBeEnabled();
  await shot('09-password');
  await continueButton.click();

  // Terms.
  await expect(page.getByRole('heading', { level: 1, name: 'The important stuff' })).toBeVisible();
  await expect(progressOf(page)).toHaveAttribute('aria-valuenow', '90');
  await page.getByRole('button', { name: 'Accept and continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('Confirm you agree before accepting');
  await page.getByRole('checkbox').check();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shot('10-terms');
  await page.getByRole('button', { name: 'Accept and continue' }).click();

  // Success.
  await expect(page.getByRole('heading', { level: 1, name: 'Nicely done!' })).toBeVisible({
    timeout: 15_000,
  });
  const number = page.locator('.registration__card-number');
  await expect(number).toHaveText(/^98263000\d{11}$/);
  await expect(number.locator('strong')).toHaveText(/^\d{11}$/);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']).catch(() => undefined);
  await page.getByRole('button', { name: 'Copy your card number' }).click();
  await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
  await page.clock.fastForward(COPY_CONFIRMATION_MS);
  await expect(page.getByRole('button', { name: 'Copy your card number' })).toBeVisible();
  // Brand logos (drawn by our brands API) and the app's store links
  // (docs/product/registration-and-sign-in.md §R2).
  const logos = page.locator('.registration__brands img');
  await expect(logos).toHaveCount(5);
  await expect(page.getByRole('img', { name: "Sainsbury's" })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Esso' })).toBeVisible();
  expect(
    await logos.evaluateAll((images) =>
      images.every((image) => (image as HTMLImageElement).naturalWidth > 0),
    ),
  ).toBe(true);
  await expect(page.getByRole('main').getByRole('link', { name: 'Download on the App Store' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Get it on Google Play' })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shot('11-success');

  // Signed in: the homepage greets the new member.
  await page.getByRole('link', { name: 'Go to your homepage' }).click();
  await expect(page).toHaveURL(/\/homepage$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hello Zoë' })).toBeVisible({ timeout: 20_000 });
  await shot('12-homepage');
  expect(consoleErrors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
});

test('a new business account registers, opts in to business offers and ends on the homepage', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const email = `biz-${testInfo.project.name}-${Date.now()}@example.com`;
  await page.context().clock.install();

  await page.goto('/id/start/nectar-card-check');
  await chooseEssentialCookiesOnly(page);
  await page.getByRole('radio', { name: /^No/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: "We've sent you an email" })).toBeVisible();

  // The link opened in a new tab continues the journey there.
  const tab = await page.context().newPage();
  await tab.goto(await latestLink(request, email, 'verification='));
  await page.close();
  const p = tab;
  await expect(p.getByRole('heading', { level: 1, name: 'Choose an account' })).toBeVisible();
  await p.getByRole('radio', { name: /Business account/ }).check();
  await p.getByRole('button', { name: 'Continue' }).click();

  await expect(p.getByRole('heading', { level: 1, name: 'Tell us about your business.' })).toBeVisible();
  await expect(progressOf(p)).toHaveAttribute('aria-valuenow', '40');
  await p.getByRole('button', { name: 'Continue' }).click();
  await expect(p.getByText('Enter the name of your business')).toBeVisible();
  await expect(p.getByText('Select number of employees')).toBeVisible();
  await expect(p.getByText('Enter what your business does')).toBeVisible();
  await p.getByLabel('Business name').fill('Zoë Cakes');
  await p.getByLabel('Number of employees').selectOption({ label: '2 to 5' });
  await p.getByLabel('What does your business do?').selectOption('Catering');
  expect(await seriousAxeViolations(p)).toEqual([]);
  await designScreenshot(p, 'registration-business-01-details');
  // 'link to the Business Rules' (docs/product/registration-and-sign-in.md §R2): the business rules, not the
  // collector rules.
  await p.getByRole('button', { name: 'Business Rules' }).click();
  const rules = p.getByRole('dialog', { name: 'Business Rules' });
  await expect(rules.getByRole('heading', { name: '1. Who can have business offers' })).toBeVisible();
  await expect(rules).not.toContainText('These rules apply to everyone who holds');
  await p.keyboard.press('Escape');
  await expect(rules).toHaveCount(0);
  await expect(p.getByRole('button', { name: 'Business Rules' })).toBeFocused();
  await p.getByRole('button', { name: 'Continue' }).click();

  await expect(p.getByRole('heading', { level: 1, name: "Let's create your account" })).toBeVisible();
  await p.getByLabel('Title').selectOption('Mr');
  await p.getByLabel('First name').fill('José');
  await p.getByLabel('Last name').fill('Smith-Jones');
  await p.getByLabel('Date of birth').pressSequentially('01011980');
  await p.getByRole('button', { name: 'Continue' }).click();
  await p.getByLabel('Property number or name').fill('1');
  await p.getByLabel('Postcode').fill('SW1A 1AA');
  await findAddress(p);
  await p.getByRole('button', { name: 'Yes, continue' }).click({ timeout: 10_000 });
  await p.getByLabel('Memorable word').fill('Cakes');
  await p.getByLabel('Mobile number').fill('07911 123456');
  await p.getByRole('button', { name: 'Continue' }).click();
  await p.getByLabel('Password', { exact: true }).fill('Sugar-Crumb-77');
  await p.getByLabel('Confirm password').fill('Sugar-Crumb-77');
  await p.getByRole('button', { name: 'Continue' }).click();
  await p.getByRole('checkbox').check();
  // The success page's logos come from the anonymous brands lookup.
  const brandsLookup = p.waitForResponse((r) =>
    r.url().includes('/anonymous-nectar-brands-api/brands?keys='),
  );
  await p.getByRole('button', { name: 'Accept and continue' }).click();

  await expect(p.getByRole('heading', { level: 1, name: 'Nicely done!' })).toBeVisible({ timeout: 15_000 });
  const looked = (await (await brandsLookup).json()) as {
    brands: { name: string; imageUrls: { logoImageUrl: string } }[];
  };
  expect(looked.brands.length).toBeGreaterThan(0);
  const logos = p.locator('.registration__brands img');
  expect(await logos.evaluateAll((images) => images.map((image) => image.getAttribute('alt')))).toEqual(
    looked.brands.map((brand) => brand.name),
  );
  await expect(logos.first()).toHaveAttribute('src', looked.brands[0]?.imageUrls.logoImageUrl ?? '');
  await p.getByRole('link', { name: 'Choose business offers' }).click();
  await expect(
    p.getByRole('heading', { level: 1, name: 'Do you want to receive business offers?' }),
  ).toBeVisible();
  // The description of GET /documents-api/registration/businessOffersPage.json
  // (docs/product/calls-and-errors.md §R7).
  const offersPage = (await (
    await request.get('/documents-api/registration/businessOffersPage.json')
  ).json()) as {
    description: string;
  };
  await expect(p.getByText(offersPage.description)).toBeVisible();
  await p.getByRole('button', { name: 'Business Rules' }).click();
  await expect(
    p
      .getByRole('dialog', { name: 'Business Rules' })
      .getByRole('heading', { name: '5. Stopping business offers' }),
  ).toBeVisible();
  await designScreenshot(p, 'registration-business-03-rules');
  await p.keyboard.press('Escape');
  await expect(progressOf(p)).toHaveAttribute('aria-valuenow', '100');
  expect(await seriousAxeViolations(p)).toEqual([]);
  await designScreenshot(p, 'registration-business-02-offers');
  await p.getByRole('button', { name: 'Yes' }).click();
  await expect(p).toHaveURL(/\/homepage$/);
  await expect(p.getByRole('heading', { level: 1, name: 'Hello José' })).toBeVisible({ timeout: 20_000 });
});

test('the analogue mismatch and register-failed screens say what the contract says', async ({ page }) => {
  await page.goto('/id/start/verify-failed');
  await chooseEssentialCookiesOnly(page);
  await expectMismatchScreen(page);
  await expect(page.getByRole('link', { name: 'Re-enter details' })).toHaveAttribute(
    'href',
    '/id/start/customer-details',
  );
  expect(await seriousAxeViolations(page)).toEqual([]);
  await designScreenshot(page, 'registration-mismatch');

  await page.goto('/register-failed?error=DUPLICATE_EMAIL');
  await expect(page.getByRole('alert')).toHaveText('Please log in.');
  await expect(page.getByRole('main').getByRole('link', { name: 'Log in' })).toHaveAttribute(
    'href',
    '/id/start/login',
  );
  expect(await seriousAxeViolations(page)).toEqual([]);
  await designScreenshot(page, 'registration-register-failed');
});

interface PlasticCardHolder {
  digits: string;
  first: string;
  last: string;
  born: string;
  /** A date of birth that does not match the card. */
  wrong: string;
  /** Whether the card's address is held, so registration skips the address step. */
  addressHeld: boolean;
}
/** The seeded plastic cards (README "Registration test addresses"); each can be registered once. */
const PRIYA: PlasticCardHolder = {
  digits: '20000000001',
  first: 'Priya',
  last: 'Shah',
  born: '15061985',
  wrong: '16061985',
  addressHeld: true,
};
const TOM: PlasticCardHolder = {
  digits: '20000000002',
  first: 'Tom',
  last: 'Baker',
  born: '31011970',
  wrong: '30011970',
  addressHeld: false,
};

/** The card check's Yes: the card number step. */
async function openCardNumberStep(page: Page) {
  await page.clock.install();
  await page.goto('/id/start/nectar-card-check');
  await chooseEssentialCookiesOnly(page);
  await page.getByRole('radio', { name: /^Yes/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/id\/start\/enter-collector-id$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your card number' })).toBeVisible();
  await expect(progressOf(page)).toHaveAttribute('aria-valuenow', '10');
}

/** From the card number step with the holder's card to their homepage, through the analogue check. */
async function registerPlasticCard(page: Page, request: APIRequestContext, holder: PlasticCardHolder) {
  const shot = (name: string) => designScreenshot(page, `registration-plastic-${holder.first}-${name}`);
  const email = `plastic-${holder.first.toLowerCase()}-${Date.now()}@example.com`;
  await page.getByRole('textbox', { name: 'Card number' }).fill(holder.digits);
  await page.getByRole('button', { name: 'Continue' }).click();

  // Email and the emailed link, as for a new member.
  await expect(page.getByRole('heading', { level: 1, name: "We'll now verify your email" })).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: "We've sent you an email" })).toBeVisible();
  await page.goto(await latestLink(request, email, 'verification='));
  await page.getByRole('radio', { name: /Personal account/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  // The analogue check: details that don't match the card show the mismatch screen; re-entered, they pass.
  await expect(
    page.getByRole('heading', { level: 1, name: 'We just need to check a few details' }),
  ).toBeVisible();
  await expect(page.getByText("This won't create a new account")).toBeVisible();
  const details = async (born: string) => {
    await page.getByLabel('Title').selectOption('Mx');
    await page.getByLabel('First name').fill(holder.first);
    await page.getByLabel('Last name').fill(holder.last);
    await page.getByLabel('Date of birth').fill('');
    await page.getByLabel('Date of birth').pressSequentially(born);
  };
  await details(holder.wrong);
  await shot('02-details');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectMismatchScreen(page);
  await shot('03-mismatch');
  await page.getByRole('link', { name: 'Re-enter details' }).click();
  await details(holder.born);
  await page.getByRole('button', { name: 'Continue' }).click();

  // A stored address means no address step.
  if (!holder.addressHeld) {
    await expect(page.getByRole('heading', { level: 1, name: "What's your address?" })).toBeVisible();
    await expect(page.getByText("We'll send surprises, and other important information")).toBeVisible();
    await page.getByLabel('Property number or name').fill('1');
    await page.getByLabel('Postcode').fill('SW1A 1AA');
    await findAddress(page);
    await page.getByRole('button', { name: 'Yes, continue' }).click({ timeout: 10_000 });
  }
  await expect(
    page.getByRole('heading', { level: 1, name: "Now let's make your account secure" }),
  ).toBeVisible();
  await page.getByLabel('Memorable word').fill('Marmalade');
  await page.getByLabel('Mobile number').fill('07911 123456');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill('Plastic-Fantastic-9');
  await page.getByLabel('Confirm password').fill('Plastic-Fantastic-9');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Accept and continue' }).click();

  // The plastic card keeps its own number.
  await expect(page.getByRole('heading', { level: 1, name: 'Nicely done!' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.locator('.registration__card-number')).toHaveText(`98263000${holder.digits}`);
  await shot('04-success');
  await page.getByRole('link', { name: 'Go to your homepage' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Hello ${holder.first}` })).toBeVisible({
    timeout: 20_000,
  });
  await shot('05-homepage');
}

test('an existing plastic card holder registers their card through the analogue check', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  await openCardNumberStep(page);

  // Enter your card number: a short one, an unknown card, an inactivated one, then Priya's card, whose
  // address is held.
  const cardField = page.getByRole('textbox', { name: 'Card number' });
  await cardField.fill('123');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Enter a card number that has 11 numbers')).toBeVisible();
  await cardField.fill('99999999999');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText("We don't recognise that card number.")).toBeVisible();
  await cardField.fill('20000000004');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('Card not applicable for registration');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await designScreenshot(page, 'registration-plastic-01-card-number');
  await registerPlasticCard(page, request, PRIYA);
  expect(consoleErrors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
});

test('a plastic card holder whose address is not held gives it on the way', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  await openCardNumberStep(page);
  await registerPlasticCard(page, request, TOM);
  expect(consoleErrors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
});

test('a card that already has an online account is sent to log in with it', async ({ page }) => {
  await page.goto('/id/start/enter-collector-id');
  await chooseEssentialCookiesOnly(page);
  await page.getByRole('textbox', { name: 'Card number' }).fill('12345678901');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/id\/start\/login\?uid=/, { timeout: 15_000 });
  await expect(
    page
      .getByRole('main')
      .getByRole('status')
      .filter({ hasText: 'This card already has an online account. Please log in.' }),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Card number' })).toHaveValue('12345678901');
  await designScreenshot(page, 'registration-plastic-already-registered');
});
