import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** A card number as a caller reads it out: in groups of four. */
export const spoken = (cardNumber: string) => cardNumber.replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * Signs the browser context `request` belongs to in to the console as the demo member of staff `email`
 * (the tester tool POST /dev/staff-session, docs/staff-console.md "Signing in"), without the sign-in page.
 */
export async function signInStaff(request: APIRequestContext, email: string) {
  const signedIn = await request.post('/dev/staff-session', {
    headers: { channel: 'JS-WEB' },
    data: { email },
  });
  expect(signedIn.status()).toBe(204);
}

/**
 * A member of staff of the journey's own with `role`, signed in: their limits for the day are theirs alone,
 * so a journey's waiting change never counts against another journey's demo agent.
 */
export async function signInFreshStaff(
  request: APIRequestContext,
  role: 'agent' | 'supervisor' | 'admin' | 'marketer',
) {
  const email = `${role}-${randomUUID()}@example.com`;
  const signedIn = await request.post('/dev/staff-session', {
    headers: { channel: 'JS-WEB' },
    data: { email, role },
  });
  expect(signedIn.status()).toBe(204);
  return email;
}

/**
 * From the console's search page: finds the member by their card number as a caller reads it, opens them and
 * records why the caller could not be checked (a member in the branch with their card), so their page opens.
 * Answers the member's id, from the page's address.
 */
export async function openMember(page: Page, cardNumber: string, name = 'Sam Tester') {
  await page.getByRole('searchbox', { name: /Card number, email, mobile/ }).fill(spoken(cardNumber));
  await page.getByRole('button', { name: 'Find' }).click();
  await page.getByRole('table', { name: 'Members found' }).getByRole('link', { name }).click();
  await page.getByRole('radio', { name: "I couldn't check the caller" }).check();
  await page.getByLabel("Why you couldn't check").fill('The member is in the branch with their card');
  await page.getByRole('button', { name: 'Record why and continue' }).click();
  await expect(page.getByRole('group', { name: 'Balance' })).toBeVisible();
  const id = new URL(page.url()).pathname.split('/').at(-1);
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return id ?? '';
}
