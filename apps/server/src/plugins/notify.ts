import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { desc } from 'drizzle-orm';
import { brand } from '@app/contracts/brand';
import type { Database } from '../db/database.ts';
import { outbox } from '../db/schema/core.ts';
import type { Jobs, RetryPolicy } from './jobs.ts';

export interface Message {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface OutboxEntry extends Omit<Message, 'html'> {
  id: string;
  html: string | null;
  links: string[];
  createdAt: string;
}

/** Sends one message on one channel; the edge of the world we do not run (SMTP relay, SMS gateway). */
export interface Transport {
  deliver(message: Message): Promise<void>;
}

export interface Notifier {
  send(message: Message): Promise<void>;
  /** Newest first; only kept when a channel has no real transport. */
  listOutbox(): Promise<OutboxEntry[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    notify: Notifier;
  }
}

const urlPattern = /https?:\/\/[^\s"'<>]+/g;
/** Absolute URLs found in a message, so testers and tests can follow a link without parsing HTML. */
export const extractLinks = (message: Pick<Message, 'text' | 'html'>): string[] => [
  ...new Set([...(message.text.match(urlPattern) ?? []), ...(message.html?.match(urlPattern) ?? [])]),
];

/** Text set into an email's HTML. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * An email's HTML in the brand's look (ADR 028): the scheme's name on a band of its colour, the message, and
 * the careline. Tables and inline styles, as email clients read them; the name is text, not the SVG wordmark,
 * which most email clients do not show.
 */
export function brandedEmail(subject: string, body: string): string {
  const { colours, careline } = brand;
  const name = escapeHtml(brand.name);
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head><body style="margin:0;padding:0;background:#f5f3f4;font-family:Arial,Helvetica,sans-serif;color:#1d1d1b"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f3f4"><tr><td align="center" style="padding:24px 12px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px"><tr><td style="background:${colours.brand};border-radius:12px 12px 0 0;padding:18px 28px;color:#ffffff;font-size:24px;font-weight:800;letter-spacing:-0.02em">${name}</td></tr><tr><td style="padding:24px 28px;font-size:16px;line-height:1.5">${body}</td></tr><tr><td style="background:${colours.brandTint};border-radius:0 0 12px 12px;padding:14px 28px;color:${colours.brandDark};font-size:13px;line-height:1.4">Need help? Call ${escapeHtml(careline.phone)} (${escapeHtml(careline.hours)}).</td></tr></table></td></tr></table></body></html>`;
}

export const smtpTransport = (smtpUrl: string, from: string): Transport => {
  // Time limits: nodemailer waits up to 2 minutes to connect and 10 for a quiet socket.
  const mailer = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async deliver(message) {
      await mailer.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
  };
};

/** The job that delivers a message through its channel's transport, after the request that sent it. */
export const SEND_NOTIFICATION = 'send-notification';
/**
 * 6 more tries, 2 s after the first failure and doubling (2, 4, 8, 16, 32, 64 s): about two minutes in all.
 */
export const SEND_RETRY: RetryPolicy = { limit: 6, delaySeconds: 2, maxDelaySeconds: 300 };

/**
 * Messages on a channel with a transport are put on the send-notification queue and delivered by a background
 * job with retries and exponential backoff: the request that sends one does not wait for the SMTP relay, and
 * a relay that fails once does not lose the message. Messages on a channel without one are kept in the outbox
 * at once, in the request (docs/architecture.md "Platform contracts": tests and testers read them there).
 */
export function createNotifier(
  db: Database,
  transports: Partial<Record<Message['channel'], Transport>>,
  jobs: Pick<Jobs, 'queue' | 'send'>,
): Notifier {
  jobs.queue<Message>(SEND_NOTIFICATION, SEND_RETRY, async (message) => {
    const transport = transports[message.channel];
    if (!transport) throw new Error(`no transport for ${message.channel}`);
    await transport.deliver(message);
  });
  return {
    async send(sent) {
      const message =
        sent.channel === 'email' && sent.html
          ? { ...sent, html: brandedEmail(sent.subject, sent.html) }
          : sent;
      if (transports[message.channel]) return jobs.send(SEND_NOTIFICATION, message);
      await db.insert(outbox).values({ ...message, links: extractLinks(message) });
    },
    async listOutbox() {
      const rows = await db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(200);
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },
  };
}

/**
 * The one notify service (docs/architecture.md "Platform contracts"): email through SMTP when SMTP_URL is
 * set, delivered by the send-notification job, otherwise the outbox. SMS has no gateway configured in this
 * product yet, so text messages always go to the outbox.
 */
export const notifyPlugin = fp(
  async (app) => {
    const { smtpUrl, mailFrom } = app.config;
    app.decorate(
      'notify',
      createNotifier(app.db, smtpUrl ? { email: smtpTransport(smtpUrl, mailFrom) } : {}, app.jobs),
    );
  },
  { name: 'notify', dependencies: ['db', 'jobs'] },
);
