import { and, desc, eq, gt, lt, not, sql, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { knownDevices } from '../db/schema/identity.ts';
import { systemClock, type Clock } from './clock.ts';
import { oneStatement } from './one-statement.ts';
import { hashOf } from './token-hash.ts';

/** A random id per browser; only its hash is stored against the collectors who completed sign-in on it. */
export const DEVICE_COOKIE = 'lc_device';

/** A device not signed in on for this long asks for a code again (known devices expire). */
export const KNOWN_DEVICE_DAYS = 90;

/** A device unseen since this moment is no longer known. */
const knownDevicesSince = (now: Date) => new Date(now.getTime() - KNOWN_DEVICE_DAYS * 24 * 3_600_000);

/**
 * Whether this browser (its device cookie's value) completed a sign-in with the second factor for this
 * collector and this client of the identity provider (known devices are per client).
 */
export async function isKnownDevice(
  db: Database,
  collectorId: string,
  clientId: string,
  deviceId: string | undefined,
  clock: Clock = systemClock,
) {
  if (!deviceId) return false;
  const [row] = await db
    .select({ collectorId: knownDevices.collectorId })
    .from(knownDevices)
    .where(
      and(
        eq(knownDevices.collectorId, collectorId),
        eq(knownDevices.clientId, clientId),
        eq(knownDevices.deviceHash, hashOf(deviceId)),
        gt(knownDevices.lastSeenAt, knownDevicesSince(clock.now())),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * The collector's known devices, last seen first, by the client each signed in to and when: never their hash
 * (the staff console's member screen).
 */
export function listKnownDevices(db: Database, collectorId: string, now: Date, limit: number) {
  return db
    .select({
      clientId: knownDevices.clientId,
      firstSeenAt: knownDevices.firstSeenAt,
      lastSeenAt: knownDevices.lastSeenAt,
    })
    .from(knownDevices)
    .where(
      and(eq(knownDevices.collectorId, collectorId), gt(knownDevices.lastSeenAt, knownDevicesSince(now))),
    )
    .orderBy(desc(knownDevices.lastSeenAt))
    .limit(limit);
}

/**
 * Marks the device known for the client (or seen again) and forgets this collector's devices unseen for
 * KNOWN_DEVICE_DAYS, in one statement: it runs on every sign-in.
 */
export async function rememberDevice(
  db: Database,
  collectorId: string,
  clientId: string,
  deviceId: string,
  clock: Clock = systemClock,
) {
  await db.execute(oneStatement(rememberDeviceWrites(db, collectorId, clientId, deviceId, clock)));
}

/**
 * rememberDevice's two writes, not yet sent, for a statement that holds other writes too (lib/one-statement.ts):
 * the web session's start sends them with the session (ADR 047).
 */
export function rememberDeviceWrites(
  db: Database,
  collectorId: string,
  clientId: string,
  deviceId: string,
  clock: Clock = systemClock,
): SQLWrapper[] {
  const deviceHash = hashOf(deviceId);
  const now = clock.now();
  const expired = knownDevicesSince(now);
  const sweep = db
    .delete(knownDevices)
    .where(
      and(
        eq(knownDevices.collectorId, collectorId),
        not(and(eq(knownDevices.clientId, clientId), eq(knownDevices.deviceHash, deviceHash))!),
        lt(knownDevices.lastSeenAt, expired),
      ),
    );
  const upsert = db
    .insert(knownDevices)
    .values({ collectorId, clientId, deviceHash })
    .onConflictDoUpdate({
      target: [knownDevices.collectorId, knownDevices.clientId, knownDevices.deviceHash],
      // This device's own row is left to the upsert (one statement may not touch a row twice): long unseen,
      // it starts again as a new device.
      set: {
        lastSeenAt: now,
        firstSeenAt: sql`case when ${knownDevices.lastSeenAt} < ${expired} then ${now} else ${knownDevices.firstSeenAt} end`,
      },
    });
  return [sweep, upsert];
}
