import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  adjustmentActivityReason,
  DEFAULT_POINTS_LIMITS,
  outranks,
  staffMessages,
  type Adjustment,
  type AdjustmentReason,
  type StaffRole,
} from '@app/contracts/staff';
import type { Database, DbExecutor } from '../../db/database.ts';
import { staffAdjustments, staffMembers } from '../../db/schema/staff.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import type { Clock } from '../../lib/clock.ts';
import { adjustmentLedgerKey } from '../../lib/ledger-keys.ts';
import { pointsWritten, writePoints } from '../../lib/points-ledger.ts';

type Row = typeof staffAdjustments.$inferSelect;
/** Work done in the transaction that records a change or its decision. */
type Recorded = (tx: DbExecutor, row: Row) => Promise<unknown>;
export type PointsLimits = Record<StaffRole, { perChange: number; perDay: number }>;

export interface AdjustmentsDeps {
  db: Database;
  clock: Clock;
  feed?: ChangeFeed;
  limits?: PointsLimits;
}

export interface AdjustmentRequest {
  points: number;
  reason: AdjustmentReason;
  note: string;
  idempotencyKey: string;
}

interface Staff {
  id: string;
  role: StaffRole;
}

export const adjustmentOf = (row: Row): Adjustment => ({
  id: row.id,
  memberId: row.memberId,
  points: row.points,
  reason: row.reasonCode as AdjustmentReason,
  note: row.note,
  state: row.state,
  requestedBy: row.requestedBy,
  decidedBy: row.decidedBy,
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
});

/** Applies an adjustment inside `tx`: its ledger entry (the member's lock, the balance check) and its state. */
async function apply(tx: DbExecutor, row: Row, feed: ChangeFeed | undefined, at: Date) {
  const written = await writePoints(
    tx,
    {
      collectorId: row.memberId,
      amount: row.points,
      reason: adjustmentActivityReason(row.reasonCode as AdjustmentReason),
      source: 'staff',
      idempotencyKey: adjustmentLedgerKey(row.id),
      at,
    },
    feed,
  );
  if (!written.recorded) return;
  await tx.update(staffAdjustments).set({ ledgerEntryId: written.id }).where(eq(staffAdjustments.id, row.id));
}

/**
 * Points a member of staff adds or takes (docs/staff-console.md "Putting things right"): within the role's
 * limits for one change and for the day (London time; what is applied and what waits both count) it is applied
 * at once through the ledger, in the transaction that records it; above them it waits for a second person with
 * a higher role, whose own limit for one change covers it. Nobody decides their own. The console's key makes a
 * double click one change.
 */
export function createAdjustments({ db, clock, feed, limits = DEFAULT_POINTS_LIMITS }: AdjustmentsDeps) {
  return {
    /** `recorded` runs in the change's transaction (the audit trail's row): both are kept, or neither. */
    async request(staff: Staff, memberId: string, change: AdjustmentRequest, recorded?: Recorded) {
      const now = clock.now();
      const outcome = await db.transaction(async (tx) => {
        // One key at a time for this member of staff, so a double click waits for the first and finds it.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`staff-adjustment:${staff.id}`}))`);
        const [earlier] = await tx
          .select()
          .from(staffAdjustments)
          .where(
            and(
              eq(staffAdjustments.requestedBy, staff.id),
              eq(staffAdjustments.idempotencyKey, change.idempotencyKey),
            ),
          );
        if (earlier) {
          const same =
            earlier.memberId === memberId &&
            earlier.points === change.points &&
            earlier.reasonCode === change.reason &&
            earlier.note === change.note;
          if (!same) throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', staffMessages.idempotencyReused);
          return { row: earlier, repeated: true };
        }
        const [today] = await tx
          .select({ total: sql<string>`coalesce(sum(abs(${staffAdjustments.points})), 0)` })
          .from(staffAdjustments)
          .where(
            and(
              eq(staffAdjustments.requestedBy, staff.id),
              inArray(staffAdjustments.state, ['applied', 'pending']),
              sql`(${staffAdjustments.createdAt} at time zone 'Europe/London')::date
                = (${now.toISOString()}::timestamptz at time zone 'Europe/London')::date`,
            ),
          );
        const limit = limits[staff.role];
        const size = Math.abs(change.points);
        const within = size <= limit.perChange && Number(today?.total ?? 0) + size <= limit.perDay;
        const [row] = await tx
          .insert(staffAdjustments)
          .values({
            memberId,
            points: change.points,
            reasonCode: change.reason,
            note: change.note,
            requestedBy: staff.id,
            idempotencyKey: change.idempotencyKey,
            state: within ? 'applied' : 'pending',
            decidedBy: within ? staff.id : null,
            decidedAt: within ? now : null,
            createdAt: now,
          })
          .returning();
        if (!row) throw new Error('the adjustment was not written');
        if (within) await apply(tx, row, feed, now);
        await recorded?.(tx, row);
        return { row, repeated: false };
      });
      if (!outcome.repeated && outcome.row.state === 'applied') {
        pointsWritten({ collectorId: memberId, amount: change.points }, feed);
      }
      return outcome;
    },

    /** Applies or refuses a change that waits; answers it as it now is, and the requester's role. */
    async decide(approver: Staff, adjustmentId: string, approve: boolean, recorded?: Recorded) {
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const [found] = await tx
          .select({ adjustment: staffAdjustments, requesterRole: staffMembers.role })
          .from(staffAdjustments)
          .innerJoin(staffMembers, eq(staffMembers.id, staffAdjustments.requestedBy))
          .where(eq(staffAdjustments.id, adjustmentId))
          .for('update', { of: staffAdjustments });
        if (!found) throw new AppError(404, 'ADJUSTMENT_NOT_FOUND', staffMessages.adjustmentNotFound);
        const { adjustment, requesterRole } = found;
        if (adjustment.state !== 'pending') {
          throw new AppError(409, 'ADJUSTMENT_DECIDED', staffMessages.adjustmentDecided);
        }
        if (adjustment.requestedBy === approver.id) {
          throw new AppError(403, 'OWN_ADJUSTMENT', staffMessages.ownAdjustment);
        }
        if (
          !outranks(approver.role, requesterRole) ||
          Math.abs(adjustment.points) > limits[approver.role].perChange
        ) {
          throw new AppError(403, 'APPROVER_TOO_JUNIOR', staffMessages.approverTooJunior);
        }
        const [decided] = await tx
          .update(staffAdjustments)
          .set({ state: approve ? 'applied' : 'refused', decidedBy: approver.id, decidedAt: now })
          .where(eq(staffAdjustments.id, adjustmentId))
          .returning();
        if (!decided) throw new Error('the adjustment was not decided');
        if (approve) await apply(tx, decided, feed, now);
        await recorded?.(tx, decided);
        return decided;
      });
      if (row.state === 'applied') pointsWritten({ collectorId: row.memberId, amount: row.points }, feed);
      return row;
    },

    /** The changes waiting for a decision, oldest first. */
    pending: () =>
      db
        .select()
        .from(staffAdjustments)
        .where(eq(staffAdjustments.state, 'pending'))
        .orderBy(staffAdjustments.createdAt)
        .limit(200),

    /** A member's changes by staff, newest first. */
    ofMember: (memberId: string) =>
      db
        .select()
        .from(staffAdjustments)
        .where(eq(staffAdjustments.memberId, memberId))
        .orderBy(desc(staffAdjustments.createdAt))
        .limit(100),
  };
}
