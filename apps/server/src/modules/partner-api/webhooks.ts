import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { partnerApiMessages } from '@app/contracts/partner-api';
import type { Database, DbExecutor } from '../../db/database.ts';
import { partnerWebhookDeliveries, partnerWebhooks } from '../../db/schema/partner-api.ts';
import { AppError } from '../../lib/app-error.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import { findPartnerClient } from '../../lib/partner-clients.ts';
import type { RetryPolicy } from '../../plugins/jobs.ts';

/**
 * Webhooks to partners (docs/partner-api.md "Webhooks"): what happened to the points a client moved, signed by
 * Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<HMAC-SHA256>`), delivered by a
 * queue that retries with backoff, each delivery logged. A delivery row is written in the transaction of the
 * change it tells of, so a change and its webhook commit together.
 */
export const WEBHOOK_TYPES = {
  awarded: 'points.awarded',
  reversed: 'points.reversed',
  captured: 'points.captured',
  released: 'points.released',
} as const;
export type WebhookType = (typeof WEBHOOK_TYPES)[keyof typeof WEBHOOK_TYPES];

/** The queue that delivers one webhook (plugins/jobs.ts), and how it retries: 8 more tries over about 4 hours. */
export const DELIVER_WEBHOOK_QUEUE = 'deliver-partner-webhook';
export const WEBHOOK_RETRY: RetryPolicy = { limit: 8, delaySeconds: 30, maxDelaySeconds: 3_600 };
/** The job that queues again deliveries a crash left unsent between their commit and their queueing. */
export const RESEND_WEBHOOKS_JOB = 'resend-partner-webhooks';
/** How long a partner's address has to answer. */
const DELIVERY_TIMEOUT_MS = 5_000;
/** A delivery never tried this long after it was written was lost before it reached the queue. */
const LOST_AFTER_MS = 60_000;

/** Inside the caller's transaction: writes the delivery when the client has an address; answers its id. */
export async function webhookFor(
  tx: DbExecutor,
  clientId: string,
  type: WebhookType,
  data: object,
  at: Date,
): Promise<string | undefined> {
  const [hook] = await tx
    .select({ clientId: partnerWebhooks.clientId })
    .from(partnerWebhooks)
    .where(eq(partnerWebhooks.clientId, clientId));
  if (!hook) return undefined;
  const id = `msg_${randomUUID()}`;
  await tx.insert(partnerWebhookDeliveries).values({
    id,
    clientId,
    type,
    payload: { type, timestamp: at.toISOString(), data },
    createdAt: at,
  });
  return id;
}

/** Sets (or replaces) a client's address; answers the new signing secret, shown this once. */
export async function setPartnerWebhook(db: DbExecutor, clientId: string, url: string) {
  const address = new URL(url);
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(address.hostname);
  if (address.protocol !== 'https:' && !(local && address.protocol === 'http:')) {
    throw new AppError(400, 'VALIDATION', partnerApiMessages.webhookNotHttps);
  }
  if (!(await findPartnerClient(db, clientId))) {
    throw new AppError(404, 'PARTNER_CLIENT_NOT_FOUND', partnerApiMessages.clientNotFound(clientId));
  }
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  await db
    .insert(partnerWebhooks)
    .values({ clientId, url: address.toString(), secret })
    .onConflictDoUpdate({ target: partnerWebhooks.clientId, set: { url: address.toString(), secret } });
  return { secret };
}

export async function removePartnerWebhook(db: DbExecutor, clientId: string) {
  await db.delete(partnerWebhooks).where(eq(partnerWebhooks.clientId, clientId));
}

/** A client's newest deliveries, for its log. */
export const listDeliveries = (db: DbExecutor, clientId: string, limit = 50) =>
  db
    .select()
    .from(partnerWebhookDeliveries)
    .where(eq(partnerWebhookDeliveries.clientId, clientId))
    .orderBy(desc(partnerWebhookDeliveries.createdAt))
    .limit(limit);

export interface WebhookSenderDeps {
  db: Database;
  clock: Clock;
  /** The HTTP client: the platform's fetch, or a test's. */
  fetch?: typeof fetch;
}

export function createWebhookSender({ db, clock, fetch: send = fetch }: WebhookSenderDeps) {
  return {
    /**
     * Sends one delivery, signed; a 2xx marks it delivered, anything else is recorded and thrown, so the queue
     * tries again later. A delivery already made, or whose client has no address now, is left alone.
     */
    async deliver(id: string) {
      const [row] = await db
        .select({
          delivery: partnerWebhookDeliveries,
          url: partnerWebhooks.url,
          secret: partnerWebhooks.secret,
        })
        .from(partnerWebhookDeliveries)
        .innerJoin(partnerWebhooks, eq(partnerWebhooks.clientId, partnerWebhookDeliveries.clientId))
        .where(eq(partnerWebhookDeliveries.id, id));
      if (!row || row.delivery.deliveredAt) return;
      const body = JSON.stringify(row.delivery.payload);
      // The wall clock, whatever the app's clock says: the receiver checks the timestamp against its own.
      const at = systemClock.now();
      const signature = new Webhook(row.secret).sign(id, at, body);
      let status: number | null = null;
      let failure: string | null = null;
      try {
        const answer = await send(row.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'webhook-id': id,
            'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
            'webhook-signature': signature,
          },
          body,
          signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
          redirect: 'manual',
        });
        status = answer.status;
        if (answer.status < 200 || answer.status > 299) failure = `the address answered ${answer.status}`;
      } catch (error) {
        failure = (error as Error).message;
      }
      await db
        .update(partnerWebhookDeliveries)
        .set({
          attempts: row.delivery.attempts + 1,
          lastStatus: status,
          lastError: failure,
          ...(failure ? {} : { deliveredAt: clock.now() }),
        })
        .where(eq(partnerWebhookDeliveries.id, id));
      if (failure) throw new Error(`webhook ${id} not delivered: ${failure}`);
    },

    /** Deliveries never tried that are older than a minute: a crash came between their commit and the queue. */
    async lostDeliveries() {
      const rows = await db
        .select({ id: partnerWebhookDeliveries.id })
        .from(partnerWebhookDeliveries)
        .where(
          and(
            isNull(partnerWebhookDeliveries.deliveredAt),
            eq(partnerWebhookDeliveries.attempts, 0),
            lt(partnerWebhookDeliveries.createdAt, new Date(clock.now().getTime() - LOST_AFTER_MS)),
          ),
        )
        .limit(200);
      return rows.map((row) => row.id);
    },
  };
}
