import type { Page } from '@playwright/test';
import { passkeyMessages } from '@app/contracts/passkeys';
import {
  addVirtualAuthenticator,
  chooseEssentialCookiesOnly,
  credentialsOf,
  designScreenshot,
  expect,
  freshMember,
  seriousAxeViolations,
  test,
} from './fixtures.ts';
import { enterSecurityCode } from './outbox.ts';

// The passkey journeys go through the identity provider's single-use addresses (the interaction's resume) with
// the offline card's service worker in charge of the page after the first log in: it must answer such a page load
// with the request its navigation preload already sent, never send it twice.
test.use({ serviceWorkers: 'allow' });

/** A cookie the journey sets to stand for a browser whose autofill does not offer passkeys. */
const NO_AUTOFILL = 'e2e_no_passkey_autofill';

async function logOut(page: Page) {
  // On a phone the navigation is behind the Menu button.
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('link', { name: 'Log out' }).first().click();
  await page.waitForURL('**/welcome', { timeout: 20_000 });
}

test('a member adds a passkey, logs in with it, renames and removes it; a removed passkey is refused @phone', async ({
  page,
  consoleErrors,
}) => {
  // Three log ins and a dozen pages: minutes on a busy 2-core machine.
  test.setTimeout(240_000);
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  await page.addInitScript((cookie) => {
    if (document.cookie.includes(`${cookie}=1`) && window.PublicKeyCredential) {
      window.PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
    }
  }, NO_AUTOFILL);
  const member = await freshMember(page.request);

  await page.goto('/account/security');
  await chooseEssentialCookiesOnly(page);
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByText("You haven't added a passkey yet.")).toBeVisible();
  await expect(
    section.getByText(
      "Resetting your password doesn't remove your passkeys. Closing your account removes them all.",
    ),
  ).toBeVisible();

  // Adding asks for a security code first (the account's re-authentication), then the browser's passkey sheet.
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByRole('group', { name: "Confirm it's you" })).toBeVisible();
  await enterSecurityCode(page, member.email);
  await section.getByRole('button', { name: 'Confirm and add passkey' }).click();
  await expect(section.getByRole('status').filter({ hasText: passkeyMessages.added })).toBeVisible();
  const passkeys = section.getByRole('list', { name: 'Your passkeys' });
  await expect(passkeys.getByRole('listitem')).toHaveCount(1);
  await expect(passkeys).toContainText('Not used yet');
  await expect(passkeys).toContainText(/Added .* on Chrome on /);
  const [credential] = await credentialsOf(cdp, authenticatorId);
  expect(credential?.isResidentCredential).toBe(true);
  expect(credential?.rpId).toBe('localhost');

  // Renamed in place.
  await section.getByRole('button', { name: 'Rename passkey Passkey' }).click();
  await section.getByLabel('Passkey name').fill('My laptop');
  await section.getByRole('button', { name: 'Save name' }).click();
  await expect(section.getByRole('status').filter({ hasText: passkeyMessages.renamed })).toBeVisible();
  await expect(passkeys.getByText('My laptop', { exact: true })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await designScreenshot(page, 'security-passkeys');

  // Logged out, the member logs in with the passkey alone, no card number and no password: first as the
  // browser's autofill offers it on the card-number field (the virtual authenticator picks it at once).
  await logOut(page);
  await page.goto('/id/start/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Hello Sam' })).toBeVisible({ timeout: 20_000 });
  expect(new URL(page.url()).pathname).toBe('/homepage');

  // The security page shows its last use and the log says how the member logged in.
  await page.goto('/account/security');
  await expect(passkeys).toContainText('Last used');
  await expect(page.getByRole('table')).toContainText('Passkey used to log in');

  // Then with the button, in a browser whose autofill does not offer passkeys.
  await logOut(page);
  await page.context().addCookies([{ name: NO_AUTOFILL, value: '1', url: new URL('/', page.url()).href }]);
  await page.goto('/id/start/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your card number' })).toBeVisible();
  // The field that autofill offers passkeys on.
  await expect(page.getByLabel('Card number')).toHaveAttribute('autocomplete', 'username webauthn');
  await designScreenshot(page, 'sign-in-card-number-passkey');
  await page.getByRole('button', { name: passkeyMessages.signInButton }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hello Sam' })).toBeVisible({ timeout: 20_000 });
  await page.goto('/account/security');

  // Removed: it is gone from the list, and from the account.
  await section.getByRole('button', { name: 'Remove passkey My laptop' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this passkey?' });
  await expect(dialog).toContainText('My laptop');
  await dialog.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(section.getByRole('status').filter({ hasText: passkeyMessages.removed })).toBeVisible();
  await expect(section.getByText("You haven't added a passkey yet.")).toBeVisible();

  // The browser still holds it, but the server refuses it, and says what to do instead.
  await logOut(page);
  await page.goto('/id/start/login');
  await page.getByRole('button', { name: passkeyMessages.signInButton }).click();
  await expect(page.getByRole('alert')).toHaveText(passkeyMessages.notRecognised);
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your card number' })).toBeVisible();
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'lc_session')).toBeUndefined();
  expect(consoleErrors.filter((line) => !/401|403/.test(line))).toEqual([]);
});

test('a browser without passkeys gets no passkey button, and the card-number step as before', async ({
  page,
}) => {
  await page.addInitScript(() => {
    // As an old browser: no WebAuthn at all.
    Reflect.deleteProperty(window, 'PublicKeyCredential');
  });
  await page.goto('/id/start/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your card number' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  await expect(page.getByRole('button', { name: passkeyMessages.signInButton })).toHaveCount(0);
});
