import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { PARTNERS, type PartnerKind, type SandboxFailure } from '@app/contracts/linked-partners';
import type { Database } from '../../db/database.ts';
import { sandboxPartnerAccounts, sandboxPartnerMovements } from '../../db/schema/linked-partners.ts';
import { PartnerError, type PartnerAdapter } from './partner-adapter.ts';

/** How long a 'slow' sandbox account takes to answer: slow, but inside the time limit. */
export const SANDBOX_SLOW_MS = 1500;

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) {
      reject(new PartnerError('TIMEOUT'));
      return;
    }
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new PartnerError('TIMEOUT'));
    });
  });

/**
 * The sandbox airline or hotel: a partner that runs inside the product with its own accounts and balances
 * (tables sandbox_partner_*), used whenever no real partner API is configured. Each account's `failure`
 * switch makes the partner answer an error, never answer (a time-out), answer slowly, or report the account
 * locked, so testers can walk every error path (README "Tester tools").
 */
export function createSandboxPartner(db: Database, kind: PartnerKind): PartnerAdapter {
  const partnerId = PARTNERS[kind].partnerId;

  const account = async (membershipNumber: string) => {
    const [row] = await db
      .select()
      .from(sandboxPartnerAccounts)
      .where(
        and(
          eq(sandboxPartnerAccounts.partnerId, partnerId),
          eq(sandboxPartnerAccounts.membershipNumber, membershipNumber.toUpperCase()),
        ),
      );
    return row;
  };

  /** Applies the account's failure switch before the partner does anything. */
  const behave = async (failure: string | undefined, signal: AbortSignal, money = false) => {
    if (failure === 'error') throw new PartnerError('UNAVAILABLE', 'Sandbox partner answered an error');
    if (failure === 'timeout') await wait(10 * 60_000, signal);
    if (failure === 'slow') await wait(SANDBOX_SLOW_MS, signal);
    if (failure === 'locked' && money) throw new PartnerError('LOCKED', 'Sandbox partner account is locked');
    if (signal.aborted) throw new PartnerError('TIMEOUT');
  };

  const move = async (
    membershipNumber: string,
    amount: number,
    idempotencyKey: string,
    signal: AbortSignal,
  ) => {
    const row = await account(membershipNumber);
    if (!row) throw new PartnerError('NOT_FOUND');
    await behave(row.failure, signal, true);
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(sandboxPartnerMovements)
        .values({ idempotencyKey, partnerId, membershipNumber: row.membershipNumber, amount })
        .onConflictDoNothing()
        .returning({ key: sandboxPartnerMovements.idempotencyKey });
      if (inserted.length === 0) return;
      const updated = await tx
        .update(sandboxPartnerAccounts)
        .set({ balance: sql`${sandboxPartnerAccounts.balance} + ${amount}` })
        .where(
          and(
            eq(sandboxPartnerAccounts.partnerId, partnerId),
            eq(sandboxPartnerAccounts.membershipNumber, row.membershipNumber),
            sql`${sandboxPartnerAccounts.balance} + ${amount} >= 0`,
          ),
        )
        .returning({ balance: sandboxPartnerAccounts.balance });
      if (updated.length === 0) throw new PartnerError('INSUFFICIENT');
    });
  };

  return {
    kind,
    async verifyMember({ membershipNumber, lastName }, signal) {
      const row = await account(membershipNumber);
      await behave(row?.failure, signal);
      if (!row || row.lastName.toLowerCase() !== lastName.trim().toLowerCase())
        throw new PartnerError('NOT_FOUND');
    },
    async join({ lastName }, signal) {
      await behave(undefined, signal);
      const membershipNumber = `${kind === 'airline' ? 'BA' : 'HC'}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
      await db.insert(sandboxPartnerAccounts).values({ partnerId, membershipNumber, lastName, balance: 0 });
      return { membershipNumber };
    },
    async setLinked(membershipNumber, _linked, signal) {
      const row = await account(membershipNumber);
      if (!row) throw new PartnerError('NOT_FOUND');
      await behave(row.failure, signal);
    },
    async balance(membershipNumber, signal) {
      const row = await account(membershipNumber);
      if (!row) throw new PartnerError('NOT_FOUND');
      await behave(row.failure, signal, true);
      return row.balance;
    },
    credit: (membershipNumber, points, key, signal) => move(membershipNumber, points, key, signal),
    debit: (membershipNumber, points, key, signal) => move(membershipNumber, -points, key, signal),
    async reverse(idempotencyKey) {
      await db.transaction(async (tx) => {
        const [movement] = await tx
          .delete(sandboxPartnerMovements)
          .where(eq(sandboxPartnerMovements.idempotencyKey, idempotencyKey))
          .returning();
        if (!movement) return;
        await tx
          .update(sandboxPartnerAccounts)
          .set({ balance: sql`${sandboxPartnerAccounts.balance} - ${movement.amount}` })
          .where(
            and(
              eq(sandboxPartnerAccounts.partnerId, movement.partnerId),
              eq(sandboxPartnerAccounts.membershipNumber, movement.membershipNumber),
            ),
          );
      });
    },
  };
}

/** Tester tooling: create or reset a sandbox account, or set its failure switch. */
export async function upsertSandboxAccount(
  db: Database,
  input: {
    kind: PartnerKind;
    membershipNumber: string;
    lastName?: string;
    balance?: number;
    failure?: SandboxFailure;
  },
) {
  const partnerId = PARTNERS[input.kind].partnerId;
  const membershipNumber = input.membershipNumber.toUpperCase();
  const set = {
    ...(input.lastName ? { lastName: input.lastName } : {}),
    ...(input.balance === undefined ? {} : { balance: input.balance }),
    ...(input.failure ? { failure: input.failure } : {}),
  };
  const [row] = await db
    .insert(sandboxPartnerAccounts)
    .values({
      partnerId,
      membershipNumber,
      lastName: input.lastName ?? 'Morgan',
      balance: input.balance ?? 0,
      failure: input.failure ?? 'none',
    })
    .onConflictDoUpdate({
      target: [sandboxPartnerAccounts.partnerId, sandboxPartnerAccounts.membershipNumber],
      set: Object.keys(set).length > 0 ? set : { failure: sql`${sandboxPartnerAccounts.failure}` },
    })
    .returning();
  return row;
}
