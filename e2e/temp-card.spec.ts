import bwipjs from 'bwip-js/node';
import type { Page } from '@playwright/test';
import {
  designScreenshot,
  expect,
  seriousAxeViolations,
  test,
  chooseEssentialCookiesOnly,
} from './fixtures.ts';
import { outboxMessages } from './outbox.ts';

/**
 * The 30-day temporary card, from the registration landing to the card at the till. The email and
 * the link are real: the link is read from the outbox (GET /dev/outbox), as a person would open it.
 */

/** Bar and space widths along the middle row of an image, in modules (1 to 4 for code128). */
async function barcodeModules(page: Page, src: string): Promise<number[]> {
  return page.evaluate(async (source) => {
    const image = new Image();
    image.src = source;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.drawImage(image, 0, 0);
    const row = context.getImageData(0, Math.floor(image.naturalHeight / 2), image.naturalWidth, 1).data;
    const dark: boolean[] = [];
    // Dark means an opaque dark pixel: bwip-js leaves the background transparent unless told a colour.
    for (let x = 0; x < image.naturalWidth; x += 1) {
      dark.push((row[x * 4 + 3] ?? 0) > 127 && (row[x * 4] ?? 255) < 128);
    }
    const first = dark.indexOf(true);
    const last = dark.lastIndexOf(true);
    const runs: number[] = [];
    let length = 1;
    for (let x = first + 1; x <= last + 1; x += 1) {
      if (x <= last && dark[x] === dark[x - 1]) length += 1;
      else {
        runs.push(length);
        length = 1;
      }
    }
    const module = Math.min(...runs);
    return runs.map((run) => Math.round(run / module));
  }, src);
}

test('a visitor gets a temporary card by email and shows its barcode', async ({
  page,
  request,
  consoleErrors,
}, testInfo) => {
  const shot = (name: string) => designScreenshot(page, `temp-card-${name}`);
  const email = `temp-${testInfo.project.name}-${Date.now()}@example.com`;

  // Registration landing.
  await page.goto('/id/start/sign-up');
  await chooseEssentialCookiesOnly(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Register for Nectar' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register now' })).toHaveAttribute(
    'href',
    '/id/start/nectar-card-check',
  );
  await expect(page.getByRole('heading', { name: 'In a hurry?' })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shot('1-sign-up');
  await page.getByRole('link', { name: 'Try a temporary card for 30 days' }).click();

  // Temporary-card prompt.
  await expect(page).toHaveURL(/\/id\/start\/temp-card$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Try now, register later' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register now' })).toHaveAttribute(
    'href',
    '/id/start/nectar-card-check',
  );
  await expect(page.getByText('Want full access?')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shot('2-prompt');
  await page.getByRole('link', { name: 'Get a temporary card' }).click();

  // Email step: each message when its part is missing.
  await expect(page).toHaveURL(/\/id\/start\/temp-card\/enter-email-address$/);
  await expect(page.getByRole('heading', { level: 1, name: 'We just need your email' })).toBeVisible();
  const continueButton = page.getByRole('button', { name: 'Continue' });
  await continueButton.click();
  await expect(page.getByText('Please enter your email address')).toBeVisible();
  await expect(page.getByText('Confirm you agree before continuing')).toBeVisible();
  await expect(page.getByText('Confirm before continuing')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shot('3-email-all-missing');

  await page.getByLabel('Email address').fill('not-an-email');
  await page.getByRole('checkbox', { name: /Collector Rules/ }).check();
  await continueButton.click();
  await expect(page.getByText('Please enter valid email')).toBeVisible();
  await expect(page.getByText('Confirm you agree before continuing')).toHaveCount(0);
  await expect(page.getByText('Confirm before continuing')).toBeVisible();
  await expect(page).toHaveURL(/enter-email-address$/);

  await page.getByLabel('Email address').fill(email);
  await page.getByRole('checkbox', { name: /Collector Rules/ }).uncheck();
  await page.getByRole('checkbox', { name: /18 or over and a UK resident/ }).check();
  await continueButton.click();
  await expect(page.getByText('Confirm you agree before continuing')).toBeVisible();
  await expect(page.getByText('Confirm before continuing')).toHaveCount(0);
  await expect(page).toHaveURL(/enter-email-address$/);
  await shot('4-email-terms-missing');

  await page.getByRole('checkbox', { name: /Collector Rules/ }).check();
  await continueButton.click();

  // Success, and one re-send.
  await expect(page).toHaveURL(/\/id\/start\/temp-card\/success$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shot('5-success');
  await page.getByRole('button', { name: 'Resend email' }).click();
  await expect(page.getByText("We've sent the email again.")).toBeVisible({ timeout: 30_000 });
  await shot('6-success-resent');

  // The link from the outbox.
  const mails = (await outboxMessages(request)).filter((mail) => mail.to === email);
  expect(mails).toHaveLength(2);
  const link = mails[0]?.links[0] ?? '';
  expect(link).toMatch(/\/temp-card\/your-card\/[\w-]{43}$/);

  // The card page: number, barcode of that number, expiry, how to use it.
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Your temporary card' })).toBeVisible();
  const caption = page.getByLabel(/^Card number 98263000\d{11}$/);
  await expect(caption).toBeVisible();
  const cardNumber = ((await caption.getAttribute('aria-label')) ?? '').replace('Card number ', '');
  await expect(caption).toHaveText(cardNumber);
  const barcode = page.getByRole('img', { name: `Barcode for card number ${cardNumber}` });
  await expect(barcode).toBeVisible();
  await expect(page.getByText(/Valid until \d{1,2} \w+ \d{4} \(30 days left\)/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How to use it at the till' })).toBeVisible();

  // The bars on the page are the code128 symbol bwip-js draws for the number (at another scale).
  const reference = await bwipjs.toBuffer({ bcid: 'code128', text: cardNumber, scale: 1, height: 5 });
  const onPage = await barcodeModules(page, (await barcode.getAttribute('src')) ?? '');
  const expected = await barcodeModules(page, `data:image/png;base64,${reference.toString('base64')}`);
  expect(onPage.length).toBeGreaterThan(50);
  expect(onPage).toEqual(expected);
  // A different number draws different bars: the comparison can fail.
  const other = await bwipjs.toBuffer({
    bcid: 'code128',
    text: cardNumber.replace(/\d$/, (digit) => String((Number(digit) + 1) % 10)),
    scale: 1,
    height: 5,
  });
  expect(await barcodeModules(page, `data:image/png;base64,${other.toString('base64')}`)).not.toEqual(onPage);

  expect(await seriousAxeViolations(page)).toEqual([]);
  await shot('7-your-card');
  expect(consoleErrors).toEqual([]);
});

test('an email with a full account is told to log in', async ({ page }) => {
  await page.goto('/id/start/temp-card/enter-email-address');
  await chooseEssentialCookiesOnly(page);
  await page.getByLabel('Email address').fill('demo@example.com');
  await page.getByRole('checkbox', { name: /Collector Rules/ }).check();
  await page.getByRole('checkbox', { name: /18 or over and a UK resident/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please log in.' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('main').getByRole('link', { name: 'Log in' })).toHaveAttribute(
    'href',
    '/id/start/login',
  );
  await expect(page).toHaveURL(/enter-email-address$/);
  await designScreenshot(page, 'temp-card-8-duplicate-email');
});

test('an expired or unknown link says so and shows the way to register', async ({ page }) => {
  // Unknown link: the real server's 404.
  await page.goto('/temp-card/your-card/this-link-was-never-sent-by-us-000000000000');
  await chooseEssentialCookiesOnly(page);
  await expect(page.getByRole('heading', { level: 1, name: "We can't show this card" })).toBeVisible();
  await expect(page.getByText("We can't find this card. Please check the link in your email.")).toBeVisible();

  // Expired: the server's day-30 answer is covered by the API tests with an injected clock; a browser
  // cannot move the running server's clock, so here the page is given that exact answer to draw.
  await page.route('**/nectar-lite/card?token=*', (route) =>
    route.fulfill({
      status: 410,
      contentType: 'application/json',
      body: JSON.stringify({
        code: 'TEMP_CARD_EXPIRED',
        description: 'Your temporary card expired on 22 December 2026.',
      }),
    }),
  );
  await page.goto('/temp-card/your-card/an-expired-card-link-0000000000000000000000');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your temporary card has expired' }),
  ).toBeVisible();
  await expect(page.getByText('Your temporary card expired on 22 December 2026.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register now' })).toHaveAttribute(
    'href',
    '/id/start/nectar-card-check',
  );
  expect(await seriousAxeViolations(page)).toEqual([]);
  await designScreenshot(page, 'temp-card-9-expired');
});
