import { DATA_EXPORT_POLL_MS } from '@app/contracts/data-export-constants';
import { chooseEssentialCookiesOnly, expect, freshMember, seriousAxeViolations, test } from './fixtures.ts';
import { latestLink } from './outbox.ts';

// @phone: the request page and the emailed link's page at a phone's width as well as a desktop's.
test('a member asks for a copy of their data, opens the emailed link and downloads it once @phone', async ({
  page,
  consoleErrors,
}, testInfo) => {
  const member = await freshMember(page.request, { points: 1500, offers: 'demo' });

  // The page's clock (Playwright's: it flows as real time does) jumps to each of the page's asks below.
  await page.clock.install();
  await page.goto('/account');
  await chooseEssentialCookiesOnly(page);
  await page.getByRole('link', { name: /^Download your data/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Download your data' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('your-data-none.png'), fullPage: true });

  await page.getByRole('button', { name: 'Ask for a copy of your data' }).click();
  // Prepared in the background: the page says so, then (asking again every few seconds) that the link is
  // emailed.
  await expect(async () => {
    await page.clock.fastForward(DATA_EXPORT_POLL_MS);
    await expect(page.getByText('Check your email')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByText(/^You can ask for another copy from \d\d:\d\d on /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ask for a copy of your data' })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('your-data-ready.png'), fullPage: true });
  expect(await seriousAxeViolations(page)).toEqual([]);

  // The email, from the outbox (GET /dev/outbox, where every email is kept when no mail server is set).
  await page.goto(await latestLink(page.request, member.email, '/account/your-data/download/'));
  await expect(page.getByText(/^Your copy is ready\. The link works once, until/)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('download-ready.png'), fullPage: true });
  expect(await seriousAxeViolations(page)).toEqual([]);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download your data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^nectar-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of zip) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  // A zip (its "PK" signature) holding the two files by name (stored in the zip's directory as plain text).
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(bytes.includes('your-data.json')).toBe(true);
  expect(bytes.includes('activity.csv')).toBe(true);
  await expect(page.getByText('Your download has started. This link has now been used.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('download-done.png'), fullPage: true });

  // Once: the link again is refused, in words.
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('This download link has already been used.');
  await page.getByRole('link', { name: 'Go to Download your data' }).click();
  await expect(page.getByText(/^You downloaded your data at /)).toBeVisible();
  expect(consoleErrors.filter((error) => !/status of 410/.test(error))).toEqual([]);
});
