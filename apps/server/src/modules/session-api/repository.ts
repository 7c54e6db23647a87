import { and, eq, gt, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
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

/** The collector behind an active card of an active collector, or an active collector's email, as SQL. */
const collectorIdOf = (db: Database, identifier: { cardNumber: string } | { email: string }) =>
  'cardNumber' in identifier
    ? db
        .select({ id: cards.collectorId })
        .from(cards)
        .innerJoin(collectors, eq(collectors.id, cards.collectorId))
        .where(
          and(
            eq(cards.number, identifier.cardNumber),
            eq(cards.status, 'active'),
            eq(collectors.status, 'active'),
          ),
        )
        .limit(1)
    : db
        .select({ id: collectors.id })
        .from(collectors)
        .where(
          and(sql`lower(${collectors.email}) = lower(${identifier.email})`, eq(collectors.status, 'active')),
        )
        .limit(1);

/**
 * Finds the credential and takes one password attempt before the password is checked, in one conditional
 * update: refused (undefined) while the account is locked or `max` attempts are already under way, so parallel
 * requests can check at most `max` passwords before the lockout, however many arrive at once. Undefined also
 * when there is no such account: findCredentialByCard/Email then tell which (only a refusal pays that query).
 */
export async function takeAttemptFor(
  db: Database,
  identifier: { cardNumber: string } | { email: string },
  max: number,
  now: Date,
): Promise<CredentialRow | undefined> {
  const [row] = await db
    .update(credentials)
    .set({ failedAttempts: sql`${credentials.failedAttempts} + 1`, updatedAt: now })
    .where(
      and(
        eq(credentials.collectorId, sql`(${collectorIdOf(db, identifier)})`),
        or(isNull(credentials.lockedUntil), lte(credentials.lockedUntil, now)),
        lt(credentials.failedAttempts, max),
      ),
    )
    .returning({
      collectorId: credentials.collectorId,
      passwordHash: credentials.passwordHash,
      failedAttempts: credentials.failedAttempts,
      lockouts: credentials.lockouts,
      lockedUntil: credentials.lockedUntil,
      firstName: sql<
        string | null
      >`(select ${collectors.firstName} from ${collectors} where ${collectors.id} = ${credentials.collectorId})`,
    });
  return row;
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

/** A device unseen since this moment is no longer known. */
const knownDevicesSince = (now: Date) => new Date(now.getTime() - KNOWN_DEVICE_DAYS * 24 * 3_600_000);

export async function isKnownDevice(db: Database, collectorId: string, deviceHash: string) {
  const since = knownDevicesSince(new Date());
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

/**
 * Marks the device known (or seen again) and forgets this collector's devices unseen for KNOWN_DEVICE_DAYS, in
 * one statement: it runs on every sign-in.
 */
export async function rememberDevice(db: Database, collectorId: string, deviceHash: string) {
  const now = new Date();
  const expired = knownDevicesSince(now);
  const swept = db.$with('swept').as(
    db
      .delete(knownDevices)
      .where(
        and(
          eq(knownDevices.collectorId, collectorId),
          ne(knownDevices.deviceHash, deviceHash),
          lt(knownDevices.lastSeenAt, expired),
        ),
      )
      .returning({ deviceHash: knownDevices.deviceHash }),
  );
  await db
    .with(swept)
    .insert(knownDevices)
    .values({ collectorId, deviceHash })
    .onConflictDoUpdate({
      target: [knownDevices.collectorId, knownDevices.deviceHash],
      // This device's own row is left to the upsert (one statement may not touch a row twice): long unseen,
      // it starts again as a new device.
      set: {
        lastSeenAt: now,
        firstSeenAt: sql`case when ${knownDevices.lastSeenAt} < ${expired} then ${now} else ${knownDevices.firstSeenAt} end`,
      },
    });
}
