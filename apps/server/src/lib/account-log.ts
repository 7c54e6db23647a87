import type { FastifyRequest } from 'fastify';
import type { AccountEventType } from '@app/contracts/account';
import type { Database } from '../db/database.ts';
import { accountEvents } from '../db/schema/account.ts';

/**
 * Writes one entry of the member's account log (issue 12): what happened, when, from which address and
 * browser. `detail` must never hold a secret (no codes, passwords, tokens).
 */
export async function recordAccountEvent(
  db: Database,
  request: Pick<FastifyRequest, 'ip' | 'headers'> | undefined,
  collectorId: string,
  type: AccountEventType,
  detail: Record<string, unknown> = {},
): Promise<void> {
  const userAgent = request?.headers['user-agent'];
  await insertEvent(db, {
    collectorId,
    type,
    detail,
    ip: request?.ip ?? null,
    userAgent: typeof userAgent === 'string' ? userAgent : null,
  });
}

/** The sign-in code calls this once a web session starts; the session's start names it on the security page. */
export async function recordSignIn(
  db: Database,
  request: Pick<FastifyRequest, 'ip' | 'headers'>,
  collectorId: string,
  session: { createdAt: Date },
): Promise<void> {
  await recordAccountEvent(db, request, collectorId, 'sign-in', {
    sessionCreatedAt: session.createdAt.toISOString(),
  });
}

async function insertEvent(
  db: Database,
  event: {
    collectorId: string;
    type: string;
    detail?: Record<string, unknown>;
    ip?: string | null;
    userAgent?: string | null;
  },
) {
  await db.insert(accountEvents).values({
    collectorId: event.collectorId,
    type: event.type,
    detail: event.detail ?? {},
    ip: event.ip ?? null,
    userAgent: event.userAgent?.slice(0, 400) ?? null,
  });
}
