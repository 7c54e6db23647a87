import type { ErrorCode } from '@app/contracts/error-codes';
import {
  linkedPartnerMessages,
  partnerById,
  type PartnerInfo,
  type PartnerKind,
} from '@app/contracts/linked-partners';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import type { Clock } from '../../lib/clock.ts';
import { callPartner, type PartnerAdapter } from './partner-adapter.ts';

export interface LinkedPartnersDeps {
  db: Database;
  adapters: Record<PartnerKind, PartnerAdapter>;
  timeoutMs: number;
  /** A PENDING transfer older than this is settled as stale (conversions.ts settleAfterMs by default). */
  settleAfterMs?: number;
  send: (message: { channel: 'email' | 'sms'; to: string; subject: string; text: string }) => Promise<void>;
  feed?: ChangeFeed;
  /** The app's clock (lib/clock.ts); the system's when none is given. */
  clock?: Clock;
}

export const fail = (status: number, code: ErrorCode, description: string) =>
  new AppError(status, code, description);

/** Daily limits count from midnight UTC. */
export const startOfDay = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** The partner behind an id, and a call to its API with the time-out: what links and conversions share. */
export function createPartnerCalls({
  adapters,
  timeoutMs,
}: Pick<LinkedPartnersDeps, 'adapters' | 'timeoutMs'>) {
  const partner = (partnerId: string): PartnerInfo => {
    const info = partnerById(partnerId);
    if (!info) throw fail(404, 'PARTNER_NOT_FOUND', linkedPartnerMessages.common.PARTNER_NOT_FOUND);
    return info;
  };
  const call = <T>(kind: PartnerKind, fn: (a: PartnerAdapter, signal: AbortSignal) => Promise<T>) =>
    callPartner(timeoutMs, (signal) => fn(adapters[kind], signal));

  return { partner, call };
}

export type PartnerCalls = ReturnType<typeof createPartnerCalls>;
