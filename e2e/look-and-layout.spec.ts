import { atRest, chooseEssentialCookiesOnly, expect, startSession, test } from './fixtures.ts';

/**
 * The layout rules of docs/design-system.md as a member meets them: Help and Feedback reachable when signed
 * in, Log out once, dialogs centred on a wide screen and bottom sheets on a phone, the bigger barcode with
 * the card number under it, the category picker in one line on a phone.
 */
test('signed in, the navigation and the footer reach Help, Feedback and our own contact page @phone', async ({
  page,
}) => {
  await startSession(page);
  await page.goto('/homepage');
  await chooseEssentialCookiesOnly(page);
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  // Log out once on the page: in the navigation, not again in the greeting.
  await expect(page.getByRole('link', { name: 'Log out' })).toHaveCount(1);
  await nav.getByRole('link', { name: 'Help' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Help centre' })).toBeVisible();

  const footer = page.getByRole('navigation', { name: 'Footer' });
  await expect(footer.getByRole('link', { name: 'Chat to us' })).toHaveAttribute('href', '/contact-us');
  await footer.getByRole('link', { name: 'Feedback' }).click();
  await expect(page).toHaveURL(/\/feedback$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the bigger barcode opens in a dialog centred on a wide screen, with the card number under it', async ({
  page,
}) => {
  await startSession(page);
  await page.goto('/card/activity');
  await chooseEssentialCookiesOnly(page);
  await page.getByRole('button', { name: 'Scan your card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Scan' });
  await expect(dialog.getByRole('img', { name: 'Your card barcode' })).toBeVisible();
  await expect(dialog.getByLabel('Card number 9826300012345678901')).toHaveText('9826 3000 1234 5678 901');
  // Measured where it comes to rest: the dialog rises and grows to its size as it opens (a CSS animation).
  await atRest(dialog);
  const box = await dialog.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport).toBeTruthy();
  if (!box || !viewport) return;
  // Centred both ways, not stuck to the bottom as a phone's sheet.
  expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(2);
  expect(Math.abs(box.y + box.height / 2 - viewport.height / 2)).toBeLessThan(2);
  // The barcode takes most of the dialog's width.
  const barcode = await dialog.getByRole('img', { name: 'Your card barcode' }).boundingBox();
  expect(barcode?.width ?? 0).toBeGreaterThan(box.width * 0.75);
});

test('card help and the category picker fit the screen: a sheet and one line of chips on a phone @phone', async ({
  page,
}) => {
  const phone = test.info().project.name === 'phone';
  await startSession(page);
  await page.goto('/card/activity');
  await chooseEssentialCookiesOnly(page);
  if (phone) {
    await page.getByRole('button', { name: 'How do I use my card?' }).click();
    const sheet = page.getByRole('dialog', { name: 'How do I use my card?' });
    await expect(sheet).toBeVisible();
    const viewport = page.viewportSize();
    await expect
      .poll(async () => {
        const box = await sheet.boundingBox();
        return Math.round((box?.y ?? 0) + (box?.height ?? 0));
      })
      .toBe(viewport?.height);
    await page.keyboard.press('Escape');
  } else {
    // A wide screen has room for the card help beside the card: no popup to open.
    await expect(page.getByRole('heading', { level: 2, name: 'How do I use my card?' })).toBeVisible();
  }

  // The category picker of the offers page: one line of chips on a phone, not a screenful of radios.
  await page.goto('/offers/sainsburys');
  await expect(page.getByRole('heading', { level: 1, name: "Sainsbury's offers" })).toBeVisible({
    timeout: 15_000,
  });
  const categories = page.getByRole('group', { name: 'Category' });
  await expect(categories.getByRole('radio', { name: 'All categories' })).toBeChecked();
  // Polled: the server's drawing of the page is replaced by the app's, and the group is briefly not there.
  if (phone) await expect.poll(async () => (await categories.boundingBox())?.height ?? 999).toBeLessThan(110);
  // The chips scroll inside their line: the page itself never scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
  // The whole chip is the radio's target, as a tap on a phone finds it.
  await categories.getByRole('radio', { name: 'Bakery' }).click();
  await expect(page).toHaveURL(/category=/);
  await expect(categories.getByRole('radio', { name: 'Bakery' })).toBeChecked();
});
