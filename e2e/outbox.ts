import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * The journeys' one reader of what the product sent: the outbox tester tool (GET /dev/outbox, newest first;
 * never in production), as a person reads their email or texts.
 */
export interface OutboxMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/** Every message kept so far, newest first. */
export const outboxMessages = async (request: APIRequestContext) =>
  (await (await request.get('/dev/outbox')).json()) as OutboxMessage[];

/** What a journey looks for in a message: words of its subject or text, or any test of its own. */
type About = RegExp | string | ((message: OutboxMessage) => boolean);

const isAbout = (message: OutboxMessage, about: About | undefined) => {
  if (about === undefined) return true;
  if (typeof about === 'function') return about(message);
  return typeof about === 'string'
    ? message.subject.includes(about) || message.text.includes(about)
    : about.test(message.subject) || about.test(message.text);
};

/** The newest message to `to` (about `about`, when given), once it has arrived. */
export async function latestMessage(
  request: APIRequestContext,
  to: string,
  about?: About,
): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await outboxMessages(request)).find(
          (message) => message.to === to && isAbout(message, about),
        );
        return found !== undefined;
      },
      {
        message: `a message to ${to}${typeof about === 'function' || !about ? '' : ` about ${String(about)}`}`,
      },
    )
    .toBe(true);
  return found as OutboxMessage;
}

/** The six-digit code in the newest message to `to` (about `about`, when given). */
export async function latestCode(request: APIRequestContext, to: string, about?: About) {
  const { text } = await latestMessage(request, to, about);
  return /\b(\d{6})\b/.exec(text)?.[1] ?? '';
}

/** The path and query of the newest message's link holding `part`, as a page opens it from the message. */
export async function latestLink(request: APIRequestContext, to: string, part: string) {
  const message = await latestMessage(request, to, (candidate) =>
    candidate.links.some((href) => href.includes(part)),
  );
  const link = new URL(message.links.find((href) => href.includes(part)) ?? '/', 'http://localhost');
  return link.pathname + link.search;
}

/** Asks for a security code by email on the page, reads the new one from the outbox and types it. */
export async function enterSecurityCode(page: Page, email: string) {
  const before = (await outboxMessages(page.request)).length;
  await page.getByRole('button', { name: /Send (a new )?code/ }).click();
  await expect(page.getByText(/We've sent a 6-digit code to/)).toBeVisible();
  await expect.poll(async () => (await outboxMessages(page.request)).length).toBeGreaterThan(before);
  await page.getByLabel('Security code').fill(await latestCode(page.request, email, /security code/));
}
