import { DEMO_CARD, designScreenshot, expect, seriousAxeViolations, test } from './fixtures.ts';

/**
 * Every page of the staff console as an admin sees it (all of it shows), at the console's desktop width: each
 * one drawn without a serious or critical accessibility finding (docs/staff-console.md "The console").
 */
test('every console page, as an admin sees it, has no serious accessibility finding', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const signedIn = await page.request.post('/dev/staff-session', {
    headers: { channel: 'JS-WEB' },
    data: { email: 'admin@example.com' },
  });
  expect(signedIn.status()).toBe(204);

  await page.goto(`/console/?q=${DEMO_CARD}`);
  const results = page.getByRole('table', { name: 'Members found' });
  await expect(results.getByRole('row')).toHaveCount(2);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await designScreenshot(page, 'console-admin-search');

  await results.getByRole('link', { name: /Alex Morgan/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Check who is calling/ })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.getByRole('radio', { name: "I couldn't check the caller" }).check();
  await page.getByLabel("Why you couldn't check").fill('The member is in the branch with their card');
  await page.getByRole('button', { name: 'Record why and continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Alex Morgan/ })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await designScreenshot(page, 'console-admin-member');

  const nav = page.getByRole('navigation', { name: 'Console' });
  for (const [link, heading, name] of [
    ['Approvals', 'Approvals', 'console-admin-approvals'],
    ['Claims', /Claims/, 'console-admin-claims'],
    ['Audit', 'Audit trail', 'console-admin-audit'],
    ['Invite staff', 'Invite staff', 'console-admin-invite'],
  ] as const) {
    await nav.getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(await seriousAxeViolations(page), link).toEqual([]);
    await designScreenshot(page, name);
  }
  await page.getByRole('link', { name: 'Your passkeys' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your passkeys' })).toBeVisible();
  expect(await seriousAxeViolations(page), 'Your passkeys').toEqual([]);
  await designScreenshot(page, 'console-admin-passkeys');
  await nav.getByRole('link', { name: 'Audit' }).click();
  await expect(page.getByRole('link', { name: 'Export CSV' })).toBeVisible();
  // The member's screen answers 409 until the caller is checked (docs/staff-console.md): the browser logs it.
  expect(consoleErrors.filter((error) => !error.includes('409 (Conflict)'))).toEqual([]);
});
