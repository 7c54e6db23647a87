import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { desc } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { outbox } from '../db/schema/core.ts';

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

const smtpTransport = (smtpUrl: string, from: string): Transport => {
  const mailer = nodemailer.createTransport(smtpUrl);
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

export function createNotifier(
  db: Database,
  transports: Partial<Record<Message['channel'], Transport>>,
): Notifier {
  return {
    async send(message) {
      const transport = transports[message.channel];
      if (transport) return transport.deliver(message);
      await db.insert(outbox).values({ ...message, links: extractLinks(message) });
    },
    async listOutbox() {
      const rows = await db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(200);
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },
  };
}

/**
 * The one notify service (DESIGN.md 4): email through SMTP when SMTP_URL is set, otherwise the outbox.
 * SMS has no gateway configured in this product yet, so text messages always go to the outbox.
 */
export const notifyPlugin = fp(
  async (app) => {
    const { smtpUrl, mailFrom } = app.config;
    app.decorate(
      'notify',
      createNotifier(app.db, smtpUrl ? { email: smtpTransport(smtpUrl, mailFrom) } : {}),
    );
  },
  { name: 'notify', dependencies: ['db'] },
);
