import type { BrowserContext } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { designScreenshot, expect, freshMember, seriousAxeViolations, test } from './fixtures.ts';
import { openMember, signInFreshStaff, signInStaff, spoken } from './staff.ts';

/** The member's homepage, in the member's own browser, shows `points` as their balance. */
async function memberSees(member: BrowserContext, points: string) {
  const page = await member.newPage();
  await page.goto('/homepage');
  await expect(page.getByRole('heading', { level: 1, name: 'Hello Sam' })).toBeVisible();
  await expect(page.getByText(points, { exact: true }).first()).toBeVisible();
  await page.close();
}

/** A day `daysAgo` days before today in the UK, as the claim's wire takes it (YYYY-MM-DD). */
const ukDay = (daysAgo: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(Date.now() - daysAgo * 86_400_000);

test("an agent's credit above their limit waits; a supervisor approves it and the member sees it", async ({
  page,
  browser,
  consoleErrors,
}) => {
  const memberContext = await browser.newContext();
  const member = await freshMember(memberContext.request, { points: 1000 });

  await signInFreshStaff(page.request, 'agent');
  await page.goto('/console/');
  const memberId = await openMember(page, member.cardNumber);
  const change = page.getByRole('form', { name: 'Add or take points' });
  await change.getByLabel('Points').fill('5000');
  await change.getByLabel('Reason').selectOption('missing-points');
  await change.getByLabel('Note the member sees').fill('Points for your sofa, missing from your account');
  await change.getByRole('button', { name: 'Add points' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: '+5,000 points waiting for approval' }),
  ).toBeVisible();
  await expect(page.getByRole('table', { name: 'Changes of points by staff' })).toContainText(
    'waiting for approval',
  );
  await expect(page.getByRole('group', { name: 'Balance' })).toContainText('1,000');
  await memberSees(memberContext, '1,000');

  // A supervisor, in a browser of their own, approves it from the changes waiting.
  const supervisorContext = await browser.newContext();
  const supervisor = await supervisorContext.newPage();
  await signInStaff(supervisor.request, 'supervisor@example.com');
  await supervisor.goto('/console/approvals');
  const waiting = supervisor
    .getByRole('table', { name: 'Changes waiting for approval' })
    .getByRole('row')
    .filter({ has: supervisor.getByRole('link', { name: `Member ${memberId}` }) });
  await expect(waiting).toContainText('+5,000');
  await waiting.getByLabel(/Reason for your decision/).fill('Receipt seen on the call');
  await waiting.getByRole('button', { name: 'Approve' }).click();
  await expect(
    supervisor.getByRole('status').filter({ hasText: '+5,000 points approved and applied.' }),
  ).toBeVisible();
  await supervisorContext.close();

  await memberSees(memberContext, '6,000');
  await page.reload();
  await expect(page.getByRole('group', { name: 'Balance' })).toContainText('6,000');
  await memberContext.close();
  // The browser logs the answer the console expects: the member's page before the caller check (409).
  expect(consoleErrors.filter((error) => !/status of 409/.test(error))).toEqual([]);
});

test('an agent has no audit page nor export, refused by the server; an admin exports the CSV', async ({
  page,
  browser,
  consoleErrors,
}) => {
  await signInStaff(page.request, 'agent@example.com');
  await page.goto('/console/');
  const nav = page.getByRole('navigation', { name: 'Console' });
  await expect(nav.getByRole('link', { name: 'Find a member' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Audit' })).toHaveCount(0);
  await page.goto('/console/audit');
  await expect(page.getByRole('status').filter({ hasText: "Your role doesn't allow this." })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveCount(0);
  const refused = await page.request.get('/staff-api/audit.csv');
  expect(refused.status()).toBe(403);
  expect(await refused.text()).not.toContain('at,staff');

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInStaff(admin.request, 'admin@example.com');
  // The trail of the agent's refusals: the export takes the page's filters.
  await admin.goto('/console/audit?staffEmail=agent%40example.com&action=refused');
  const exported = admin.waitForEvent('download');
  await admin.getByRole('link', { name: 'Export CSV' }).click();
  const download = await exported;
  expect(download.suggestedFilename()).toBe('staff-audit.csv');
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.split('\n')[0]).toBe('at,staff,ip,member,action,before,after,reason');
  // The agent's refused export is in it.
  expect(csv).toMatch(/^[^,]+,agent@example\.com,[^,]*,,refused,/m);
  await adminContext.close();
  expect(consoleErrors).toEqual([]);
});

test('a supervisor grants a missing-points claim from the queue; the member sees the points', async ({
  page,
  browser,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const memberContext = await browser.newContext();
  await freshMember(memberContext.request, { points: 1000 });
  // The member's claim, as the claim form sends it: a purchase no record has, so it waits for the careline.
  const reference = `CARE-${Date.now().toString(36).toUpperCase()}`;
  const claimed = await memberContext.request.post('/ledger-api/missing-points', {
    headers: { channel: 'JS-WEB' },
    multipart: { partner: 'habitat', purchasedOn: ukDay(5), spend: '89.50', reference },
  });
  expect(claimed.status()).toBe(201);

  await signInStaff(page.request, 'supervisor@example.com');
  await page.goto('/console/');
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Claims' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Claims' })).toBeVisible();
  // Newest first, so this journey's claim is on the first page whatever else waits.
  await page.getByRole('link', { name: /^Claimed/ }).click();
  await expect(page).toHaveURL(/\/console\/claims\?sort=createdAt&order=desc$/);
  const row = page.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText('Habitat');
  await expect(row).toContainText('£89.50');
  await designScreenshot(page, 'console-claims');

  await row.getByRole('button', { name: `Grant claim ${reference}` }).click();
  const dialog = page.getByRole('dialog', { name: `Grant Sam Tester's Habitat claim ${reference}` });
  await expect(dialog.getByLabel('Points')).toBeFocused();
  await dialog.getByLabel('Points').fill('180');
  await dialog.getByLabel('Note the member sees (optional)').fill('Found on your receipt');
  await designScreenshot(page, 'console-claims-grant');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Grant the points' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /Claim granted: 180 points/ })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: reference })).toHaveCount(0);

  await memberSees(memberContext, '1,180');
  await memberContext.close();
  expect(consoleErrors).toEqual([]);
});

test("an agent blocks a member's card with a reason; only a supervisor may unblock it", async ({
  page,
  browser,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const member = await freshMember(page.request);
  const ending = member.cardNumber.slice(-4);

  await signInStaff(page.request, 'agent@example.com');
  await page.goto('/console/');
  await openMember(page, member.cardNumber);
  const careline = page.getByRole('region', { name: 'Put things right' });
  const block = careline.getByRole('button', { name: `Block card ${spoken(member.cardNumber)}` });
  await block.click();
  const dialog = page.getByRole('dialog', { name: `Block card ${spoken(member.cardNumber)}` });
  await expect(dialog.getByRole('textbox', { name: 'Reason' })).toBeFocused();
  // Escape closes it with nothing done, the focus back on the button.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(block).toBeFocused();
  await page.keyboard.press('Enter');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('The member lost their card on the bus');
  await designScreenshot(page, 'console-member-block-card', { fullPage: false });
  expect(await seriousAxeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Block the card' }).click();
  const blocked = careline.getByRole('status').filter({ hasText: `Card ending ${ending} is blocked.` });
  await expect(blocked).toBeVisible();
  await expect(careline.getByText('blocked', { exact: true })).toBeVisible();
  // An agent may not unblock: no button for it.
  await expect(careline.getByRole('button', { name: /^Unblock card/ })).toHaveCount(0);
  await expect(careline.getByRole('button', { name: /^Replace card/ })).toBeVisible();
  await designScreenshot(page, 'console-member-card-blocked', { fullPage: false });

  const supervisorContext = await browser.newContext();
  const supervisor = await supervisorContext.newPage();
  await signInStaff(supervisor.request, 'supervisor@example.com');
  await supervisor.goto('/console/');
  await openMember(supervisor, member.cardNumber);
  const unblock = supervisor.getByRole('button', { name: `Unblock card ${spoken(member.cardNumber)}` });
  await unblock.click();
  const unblocking = supervisor.getByRole('dialog', { name: /^Unblock card/ });
  await unblocking.getByRole('textbox', { name: 'Reason' }).fill('The member found the card at home');
  await unblocking.getByRole('button', { name: 'Unblock the card' }).click();
  await expect(
    supervisor.getByRole('status').filter({ hasText: `Card ending ${ending} works again.` }),
  ).toBeVisible();
  await expect(supervisor.getByRole('button', { name: /^Block card/ })).toBeVisible();
  await supervisorContext.close();
  // The browser logs the answer the console expects: the member's page before the caller check (409).
  expect(consoleErrors.filter((error) => !/status of 409/.test(error))).toEqual([]);
});
