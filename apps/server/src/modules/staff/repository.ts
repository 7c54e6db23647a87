import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { StaffRole } from '@app/contracts/staff';
import type { Database, DbExecutor } from '../../db/database.ts';
import { staffAudit, staffInvites, staffMembers, staffSessions } from '../../db/schema/staff.ts';

export const findStaffByEmail = async (db: DbExecutor, email: string) =>
  (await db.select().from(staffMembers).where(eq(staffMembers.email, email.toLowerCase())))[0];

export async function insertStaff(
  db: DbExecutor,
  row: { email: string; name: string; role: StaffRole; invitedBy?: string | null },
) {
  const [inserted] = await db
    .insert(staffMembers)
    .values({ ...row, email: row.email.toLowerCase() })
    .onConflictDoNothing()
    .returning();
  return inserted;
}

export const updateStaff = (db: DbExecutor, id: string, values: Partial<typeof staffMembers.$inferInsert>) =>
  db.update(staffMembers).set(values).where(eq(staffMembers.id, id));

export const insertInvite = (db: DbExecutor, row: typeof staffInvites.$inferInsert) =>
  db.insert(staffInvites).values(row);

/** The invite a token names, with its member of staff, while it can still be taken. */
export async function findLiveInvite(db: DbExecutor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ invite: staffInvites, staff: staffMembers })
    .from(staffInvites)
    .innerJoin(staffMembers, eq(staffMembers.id, staffInvites.staffId))
    .where(
      and(
        eq(staffInvites.tokenHash, tokenHash),
        sql`${staffInvites.usedAt} is null`,
        sql`${staffInvites.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    );
  return row;
}

export const markInviteUsed = (db: DbExecutor, tokenHash: string, now: Date) =>
  db.update(staffInvites).set({ usedAt: now }).where(eq(staffInvites.tokenHash, tokenHash));

export const insertSession = (db: DbExecutor, row: typeof staffSessions.$inferInsert) =>
  db.insert(staffSessions).values(row);

/** A session's last call is written again only when older than this: the idle limit counts in minutes. */
const SEEN_EVERY_MS = 60_000;

/**
 * The live session an id names, with its member of staff: none past its end, idle too long, or whose member of
 * staff was disabled. Seen now: written at most once a minute, so a busy console's calls read and do not write.
 */
export async function touchSession(db: DbExecutor, idHash: string, now: Date, idleSince: Date) {
  const [row] = await db
    .select({ staff: staffMembers, createdAt: staffSessions.createdAt, lastSeenAt: staffSessions.lastSeenAt })
    .from(staffSessions)
    .innerJoin(staffMembers, eq(staffMembers.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.idHash, idHash),
        sql`${staffMembers.disabledAt} is null`,
        sql`${staffSessions.expiresAt} > ${now.toISOString()}::timestamptz`,
        sql`${staffSessions.lastSeenAt} > ${idleSince.toISOString()}::timestamptz`,
      ),
    );
  if (!row) return undefined;
  if (now.getTime() - row.lastSeenAt.getTime() >= SEEN_EVERY_MS) {
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.idHash, idHash));
  }
  return { staff: row.staff, createdAt: row.createdAt };
}

export const deleteSession = (db: DbExecutor, idHash: string) =>
  db.delete(staffSessions).where(eq(staffSessions.idHash, idHash));

export type AuditRow = typeof staffAudit.$inferInsert;

export const insertAudit = (db: DbExecutor, row: AuditRow) => db.insert(staffAudit).values(row);

export interface AuditFilter {
  memberId?: string;
  staffEmail?: string;
  action?: string;
  from?: string;
  to?: string;
  limit: number;
}

export async function listAudit(db: Database, filter: AuditFilter) {
  const where: SQL[] = [];
  if (filter.memberId) where.push(eq(staffAudit.memberId, filter.memberId));
  if (filter.staffEmail) where.push(eq(staffAudit.staffEmail, filter.staffEmail.toLowerCase()));
  if (filter.action) where.push(eq(staffAudit.action, filter.action));
  if (filter.from) where.push(gte(staffAudit.at, new Date(filter.from)));
  if (filter.to) where.push(lte(staffAudit.at, new Date(filter.to)));
  return db
    .select()
    .from(staffAudit)
    .where(and(...where))
    .orderBy(desc(staffAudit.at), desc(staffAudit.id))
    .limit(filter.limit);
}

/** Whether this member of staff recorded a caller check for the member since `since` (their sign-in). */
export async function hasCallerCheck(db: Database, staffId: string, memberId: string, since: Date) {
  const [row] = await db
    .select({ id: staffAudit.id })
    .from(staffAudit)
    .where(
      and(
        eq(staffAudit.staffId, staffId),
        eq(staffAudit.memberId, memberId),
        eq(staffAudit.action, 'caller-check'),
        gte(staffAudit.at, since),
      ),
    )
    .limit(1);
  return row !== undefined;
}
