import type { FastifyRequest } from 'fastify';
import type { AccountEventType } from '@app/contracts/account';
import type { Database } from '../db/database.ts';
import { accountEvents } from '../db/schema/account.ts';

/**
 * Writes one entry of the member's account log: what happened, when, from which address and
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

/**
 * The entry of a web session's start, as a write not yet sent: the sign-in code sends it in the session's own
 * statement (`app.signIn`'s `alongside`, ADR 047). The session's start names it on the security page.
 */
export function signInEvent(
  db: Database,
  request: Pick<FastifyRequest, 'ip' | 'headers'>,
  collectorId: string,
  session: { createdAt: Date },
) {
  const userAgent = request.headers['user-agent'];
  return insertEvent(db, {
    collectorId,
    type: 'sign-in' satisfies AccountEventType,
    detail: { sessionCreatedAt: session.createdAt.toISOString() },
    ip: request.ip,
    userAgent: typeof userAgent === 'string' ? userAgent : null,
  });
}

function insertEvent(
  db: Database,
  event: {
    collectorId: string;
    type: string;
    detail?: Record<string, unknown>;
    ip?: string | null;
    userAgent?: string | null;
  },
) {
  return db.insert(accountEvents).values({
    collectorId: event.collectorId,
    type: event.type,
    detail: event.detail ?? {},
    ip: event.ip ?? null,
    userAgent: event.userAgent?.slice(0, 400) ?? null,
  });
}
