import { expect, layoutShiftSoFar, startSession, test } from './fixtures.ts';

test("the homepage arrives drawn with the member's own numbers, and the app takes it over without a shift", async ({
  page,
  consoleErrors,
}) => {
  await startSession(page);

  // The server's drawing (ADR 022): in the HTML itself, before any JavaScript runs.
  await expect(async () => {
    const html = await (await page.request.get('/homepage')).text();
    const root =
      /<div id="root" data-prerendered inert>([\s\S]*?)<\/div><script type="application\/json" id="page-answers">/.exec(
        html,
      )?.[1] ?? '';
    expect(root).toContain('Hello Alex');
    expect(root).toContain('2,450');
    expect(root).toContain('New offers for you');
    // The cookie banner is drawn too, for a visitor still to choose: painted with the page, not seconds later.
    expect(root).toContain('Cookies on this site');
    expect(html).not.toContain('<html class="consent-chosen"');
  }).toPass({ timeout: 15_000 });

  await page.goto('/homepage');
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await expect(page.getByRole('heading', { level: 1, name: 'Hello Alex' })).toBeVisible();
  const shift = await layoutShiftSoFar(page);
  expect(shift).toBeLessThan(0.01);
  // The page takes input: the consent banner answers.
  await page.getByRole('button', { name: 'Essential cookies only' }).click();
  await expect(page.getByRole('region', { name: 'Cookies on this site' })).toHaveCount(0);
  // Once chosen, the server sends the page marked so that its drawn banner stays hidden, from the first paint.
  const chosen = await (await page.request.get('/homepage')).text();
  expect(chosen).toContain('<html class="consent-chosen"');
  await page.goto('/homepage');
  await expect(page.getByRole('heading', { level: 1, name: 'Hello Alex' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cookies on this site' })).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

// ADR 040: the other signed-in pages of the performance budget come drawn with their first reads too.
for (const { path, heading, shows } of [
  { path: '/card/activity', heading: 'Your activity', shows: '2,450' },
  { path: '/offers/sainsburys', heading: /offers/i, shows: 'offer-card' },
  { path: '/account', heading: 'Your account', shows: 'Alex' },
  { path: '/brands', heading: 'Brands', shows: 'Ways to collect' },
]) {
  test(`${path} arrives drawn with the member's data, and the app takes it over without a shift`, async ({
    page,
    consoleErrors,
  }) => {
    await startSession(page);
    await expect(async () => {
      const html = await (await page.request.get(path)).text();
      const root =
        /<div id="root" data-prerendered inert>([\s\S]*?)<\/div><script type="application\/json" id="page-answers">/.exec(
          html,
        )?.[1] ?? '';
      expect(root).toContain(shows);
    }).toPass({ timeout: 15_000 });

    await page.goto(path);
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    const shift = await layoutShiftSoFar(page);
    expect(shift).toBeLessThan(0.05);
    expect(consoleErrors).toEqual([]);
  });
}
