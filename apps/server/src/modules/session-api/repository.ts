import { and, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { cards, collectors, credentials } from '../../db/schema/core.ts';
import { knownDevices } from '../../db/schema/identity.ts';

export interface CredentialRow {
  collectorId: string;
  passwordHash: string;
  failedAttempts: number;
  lockouts: number;
  lockedUntil: Date | null;
  firstName: string | null;
}

const credentialColumns = {
  collectorId: credentials.collectorId,
  passwordHash: credentials.passwordHash,
  failedAttempts: credentials.failedAttempts,
  lockouts: credentials.lockouts,
  lockedUntil: credentials.lockedUntil,
  firstName: collectors.firstName,
};

/** The credential behind an active card of an active collector. */
export async function findCredentialByCard(
  db: Database,
  cardNumber: string,
): Promise<CredentialRow | undefined> {
  const [row] = await db
    .select(credentialColumns)
    .from(cards)
    .innerJoin(collectors, eq(collectors.id, cards.collectorId))
    .innerJoin(credentials, eq(credentials.collectorId, cards.collectorId))
    .where(and(eq(cards.number, cardNumber), eq(cards.status, 'active'), eq(collectors.status, 'active')))
    .limit(1);
  return row;
}

export async function findCredentialByEmail(db: Database, email: string): Promise<CredentialRow | undefined> {
  const [row] = await db
    .select(credentialColumns)
    .from(collectors)
    .innerJoin(credentials, eq(credentials.collectorId, collectors.id))
    .where(and(sql`lower(${collectors.email}) = lower(${email})`, eq(collectors.status, 'active')))
    .limit(1);
  return row;
}

/**
 * Takes one password attempt before the password is checked, in one conditional update: refused (undefined)
 * while the account is locked or MAX attempts are already under way, so parallel requests can check at most
 * `max` passwords before the lockout, however many arrive at once.
 */
export async function takeAttempt(db: Database, collectorId: string, max: number, now: Date) {
  const [row] = await db
    .update(credentials)
    .set({ failedAttempts: sql`${credentials.failedAttempts} + 1`, updatedAt: now })
    .where(
      and(
        eq(credentials.collectorId, collectorId),
        or(isNull(credentials.lockedUntil), lte(credentials.lockedUntil, now)),
        lt(credentials.failedAttempts, max),
      ),
    )
    .returning({ failedAttempts: credentials.failedAttempts, lockouts: credentials.lockouts });
  return row;
}

export async function lockState(db: Database, collectorId: string) {
  const [row] = await db
    .select({ lockedUntil: credentials.lockedUntil, lockouts: credentials.lockouts })
    .from(credentials)
    .where(eq(credentials.collectorId, collectorId))
    .limit(1);
  return row;
}

/** Counts a wrong password in one statement, so parallel attempts cannot lose a count. */
export async function recordFailure(db: Database, collectorId: string): Promise<number> {
  const [row] = await db
    .update(credentials)
    .set({ failedAttempts: sql`${credentials.failedAttempts} + 1`, updatedAt: new Date() })
    .where(eq(credentials.collectorId, collectorId))
    .returning({ failedAttempts: credentials.failedAttempts });
  return row?.failedAttempts ?? 0;
}

export async function lock(db: Database, collectorId: string, until: Date): Promise<void> {
  await db
    .update(credentials)
    .set({
      failedAttempts: 0,
      lockouts: sql`${credentials.lockouts} + 1`,
      lockedUntil: until,
      updatedAt: new Date(),
    })
    .where(eq(credentials.collectorId, collectorId));
}

export async function clearFailures(db: Database, collectorId: string): Promise<void> {
  await db
    .update(credentials)
    .set({ failedAttempts: 0, lockedUntil: null, updatedAt: new Date() })
    .where(eq(credentials.collectorId, collectorId));
}

export async function firstCardOf(db: Database, collectorId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ number: cards.number })
    .from(cards)
    .where(and(eq(cards.collectorId, collectorId), eq(cards.status, 'active')))
    .limit(1);
  return row?.number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The collector a provider subject names, when it is still active. */
export async function findSignedInCollector(db: Database, collectorId: string) {
  if (!UUID.test(collectorId)) return undefined;
  const [row] = await db
    .select({ id: collectors.id, firstName: collectors.firstName })
    .from(collectors)
    .where(and(eq(collectors.id, collectorId), eq(collectors.status, 'active')))
    .limit(1);
  return row;
}

/** A device not signed in on for this long asks for a code again (issue 10: known devices expire). */
export const KNOWN_DEVICE_DAYS = 90;

export async function isKnownDevice(db: Database, collectorId: string, deviceHash: string) {
  const since = new Date(Date.now() - KNOWN_DEVICE_DAYS * 24 * 3_600_000);
  const [row] = await db
    .select({ collectorId: knownDevices.collectorId })
    .from(knownDevices)
    .where(
      and(
        eq(knownDevices.collectorId, collectorId),
        eq(knownDevices.deviceHash, deviceHash),
        gt(knownDevices.lastSeenAt, since),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function rememberDevice(db: Database, collectorId: string, deviceHash: string) {
  const expired = new Date(Date.now() - KNOWN_DEVICE_DAYS * 24 * 3_600_000);
  await db
    .delete(knownDevices)
    .where(and(eq(knownDevices.collectorId, collectorId), lt(knownDevices.lastSeenAt, expired)));
  await db
    .insert(knownDevices)
    .values({ collectorId, deviceHash })
    .onConflictDoUpdate({
      target: [knownDevices.collectorId, knownDevices.deviceHash],
      set: { lastSeenAt: new Date() },
    });
}
