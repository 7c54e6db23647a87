import { staffPasskeyMessages } from '@app/contracts/staff';
import {
  addVirtualAuthenticator,
  credentialsOf,
  designScreenshot,
  expect,
  freshMember,
  seriousAxeViolations,
  test,
} from './fixtures.ts';
import { openMember, signInStaff } from './staff.ts';

test('an agent adds a passkey, signs in with it alone, puts points right for a member, then removes it', async ({
  page,
  browser,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  // A member of the journey's own for the change of points, so the demo member's balance stays as other
  // journeys read it; its browser is signed in as it (a second context).
  const memberContext = await browser.newContext();
  const member = await freshMember(memberContext.request, { points: 1000 });

  // The demo agent, just signed in, adds a passkey on this device from "Your passkeys" in the header.
  await signInStaff(page.request, 'agent@example.com');
  await page.goto('/console/');
  await page.getByRole('link', { name: 'Your passkeys' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your passkeys' })).toBeVisible();
  const passkeys = page.getByRole('table', { name: 'Your passkeys' });
  // A name of its own, so the row is this run's whatever else the demo agent holds.
  const name = `Journey laptop ${Date.now().toString(36)}`;
  const row = passkeys.getByRole('row', { name: new RegExp(name) });
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByRole('status').filter({ hasText: staffPasskeyMessages.added })).toBeVisible();
  await expect(row).toContainText('Not used yet');
  const [credential] = await credentialsOf(cdp, authenticatorId);
  expect(credential?.isResidentCredential).toBe(true);
  expect(credential?.rpId).toBe('localhost');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await designScreenshot(page, 'console-passkeys');

  // Signed out, the agent signs in with the passkey alone: no email, password or code.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the staff console' })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await designScreenshot(page, 'console-sign-in-passkey');
  await page.getByRole('button', { name: staffPasskeyMessages.signInButton }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Find a member' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Ava Agent');

  // The member, found by the card number as the caller reads it out, gets 250 goodwill points.
  await openMember(page, member.cardNumber);
  await expect(page.getByRole('group', { name: 'Balance' })).toContainText('1,000');
  const change = page.getByRole('form', { name: 'Add or take points' });
  await change.getByLabel('Points').fill('250');
  await change.getByLabel('Reason').selectOption('goodwill');
  await change.getByLabel('Note the member sees').fill('Sorry your delivery was late');
  await change.getByRole('button', { name: 'Add points' }).click();
  await expect(page.getByRole('status').filter({ hasText: '+250 points applied' })).toBeVisible();

  // The member's homepage shows the new balance, and their activity the reason.
  const memberPage = await memberContext.newPage();
  await memberPage.goto('/homepage');
  await expect(memberPage.getByRole('heading', { level: 1, name: 'Hello Sam' })).toBeVisible();
  await expect(memberPage.getByText('1,250', { exact: true }).first()).toBeVisible();
  await memberPage.getByRole('link', { name: 'See your card and activity' }).click();
  await expect(memberPage.getByText('Adjusted by our team: goodwill').first()).toBeVisible();
  await memberContext.close();

  // The passkey's last use shows; removed, it leaves the demo agent as other journeys expect it.
  await page.getByRole('link', { name: 'Your passkeys' }).click();
  await expect(row).not.toContainText('Not used yet');
  await row.getByRole('button', { name: `Remove passkey ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this passkey?' });
  await dialog.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(page.getByRole('status').filter({ hasText: staffPasskeyMessages.removed })).toBeVisible();
  await expect(row).toHaveCount(0);
  // The browser logs the answers the console expects: the session read as it signs out (401), and the
  // member's page before the caller check (409).
  expect(consoleErrors.filter((error) => !/status of (401|409)/.test(error))).toEqual([]);
});
