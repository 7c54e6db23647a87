import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/database.ts';
import { cards, collectors, credentials } from '../../db/schema/core.ts';
import { passwordResetTokens } from '../../db/schema/identity.ts';

const resettable = (db: Database, which: SQL) =>
  db
    .select({ id: collectors.id, email: collectors.email, firstName: collectors.firstName })
    .from(collectors)
    .innerJoin(credentials, eq(credentials.collectorId, collectors.id))
    .where(and(which, eq(collectors.status, 'active')))
    .limit(1);

export async function findCollectorByEmail(db: Database, email: string) {
  const [row] = await resettable(db, sql`lower(${collectors.email}) = lower(${email})`);
  return row;
}

/** The active account with a password that `collectorId` names (the careline's reset link). */
export async function findCollectorById(db: Database, collectorId: string) {
  const [row] = await resettable(db, eq(collectors.id, collectorId));
  return row;
}

export async function saveResetToken(
  db: DbExecutor,
  collectorId: string,
  tokenHash: string,
  expiresAt: Date,
) {
  await db.insert(passwordResetTokens).values({ tokenHash, collectorId, expiresAt });
}

/** The collector behind a live (unused, unexpired) reset token. */
export async function findLiveToken(db: Database, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      collectorId: passwordResetTokens.collectorId,
      firstName: collectors.firstName,
      lastName: collectors.lastName,
      email: collectors.email,
    })
    .from(passwordResetTokens)
    .innerJoin(collectors, eq(collectors.id, passwordResetTokens.collectorId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Spends the token and sets the new password in one transaction: the conditional update lets only one of two
 * parallel uses through; every other link of that collector dies with it; the lockout is lifted.
 */
export async function resetPassword(
  db: Database,
  tokenHash: string,
  collectorId: string,
  passwordHash: string,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const spent = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ collectorId: passwordResetTokens.collectorId });
    if (spent.length === 0) return false;
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.collectorId, collectorId), isNull(passwordResetTokens.usedAt)));
    await tx
      .update(credentials)
      .set({ passwordHash, failedAttempts: 0, lockedUntil: null, updatedAt: now })
      .where(eq(credentials.collectorId, collectorId));
    return true;
  });
}

/** The active collector with a password behind an active card, with the contact details a code can go to. */
export async function findCollectorByCard(db: Database, cardNumber: string) {
  const [row] = await db
    .select({
      id: collectors.id,
      email: collectors.email,
      firstName: collectors.firstName,
      phoneCountryCode: collectors.phoneCountryCode,
      phoneNumber: collectors.phoneNumber,
    })
    .from(cards)
    .innerJoin(collectors, eq(collectors.id, cards.collectorId))
    .innerJoin(credentials, eq(credentials.collectorId, collectors.id))
    .where(and(eq(cards.number, cardNumber), eq(cards.status, 'active'), eq(collectors.status, 'active')))
    .limit(1);
  return row;
}
