import { Secret, TOTP } from 'otpauth';
import { DEMO_CARD, designScreenshot, expect, freshMember, seriousAxeViolations, test } from './fixtures.ts';
import { openMember, spoken } from './staff.ts';

/** The demo staff's password and authenticator secret (docs/staff-console.md "Demo staff"). */
const STAFF_PASSWORD = 'Console-demo-2026';
const STAFF_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

test('an agent signs in, checks a caller and adds points the member sees; no approvals or audit', async ({
  page,
  browser,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  // A member of the journey's own for the change of points, so the demo member's balance stays as others read
  // it; its browser is signed in as it (a second context).
  const memberContext = await browser.newContext();
  const member = await freshMember(memberContext.request, { points: 1000 });

  await page.goto('/console/');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the staff console' })).toBeVisible();
  await designScreenshot(page, 'console-sign-in');
  await page.getByLabel('Email').fill('agent@example.com');
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  const code = new TOTP({ secret: Secret.fromBase32(STAFF_SECRET), digits: 6, period: 30 }).generate();
  await page.getByLabel('Authenticator code').fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Find a member' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Console' });
  await expect(nav.getByRole('link', { name: 'Find a member' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Approvals' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Audit' })).toHaveCount(0);

  // The demo member, found by the card number as the caller reads it, and checked by what they say.
  const search = page.getByRole('searchbox', { name: /Card number, email, mobile/ });
  await search.fill(spoken(DEMO_CARD));
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page).toHaveURL(/\/console\/?\?q=9826/);
  const results = page.getByRole('table', { name: 'Members found' });
  await expect(results.getByRole('row')).toHaveCount(2);
  await expect(page.getByText(/1 member found for .*, read as a card number/)).toBeVisible();
  await designScreenshot(page, 'console-search');
  await results.getByRole('link', { name: /Alex Morgan/ }).click();

  await expect(page.getByRole('heading', { level: 1, name: /Check who is calling/ })).toBeVisible();
  await designScreenshot(page, 'console-caller-check');
  await page.getByLabel('Date of birth', { exact: true }).fill('1988-04-12');
  await page.getByLabel('Postcode', { exact: true }).fill('EC1A 1BB');
  await page.getByRole('button', { name: 'Check the caller' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Alex Morgan/ })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Balance' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Points ledger, newest first' })).toBeVisible();
  await page.getByRole('button', { name: 'Reveal email' }).click();
  await expect(page.getByText('demo@example.com')).toBeFocused();
  expect(await seriousAxeViolations(page)).toEqual([]);

  // The journey's own member: found by its card number, its caller in a branch with the card.
  await page.getByRole('link', { name: 'Back to the search' }).click();
  await openMember(page, member.cardNumber);
  await expect(page.getByRole('group', { name: 'Balance' })).toContainText('1,000');

  const change = page.getByRole('form', { name: 'Add or take points' });
  await change.getByLabel('Points').fill('250');
  await change.getByLabel('Reason').selectOption('goodwill');
  await change.getByLabel('Note the member sees').fill('Sorry your delivery was late');
  await change.getByRole('button', { name: 'Add points' }).click();
  await expect(page.getByRole('status').filter({ hasText: '+250 points applied' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Balance' })).toContainText('1,250');
  await expect(page.getByRole('table', { name: 'Changes of points by staff' })).toContainText('applied');
  await designScreenshot(page, 'console-member');

  // The member's homepage shows the new balance.
  const memberPage = await memberContext.newPage();
  await memberPage.goto('/homepage');
  await expect(memberPage.getByRole('heading', { level: 1, name: 'Hello Sam' })).toBeVisible();
  await expect(memberPage.getByText('1,250', { exact: true }).first()).toBeVisible();
  await memberContext.close();

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the staff console' })).toBeVisible();
  // The browser logs the answers the console expects: no session before sign-in (401), and the member's page
  // before the caller check (409).
  expect(consoleErrors.filter((error) => !/status of (401|409)/.test(error))).toEqual([]);
});
