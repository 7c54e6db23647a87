import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/database.ts';
import { cards, collectors, credentials } from '../../db/schema/core.ts';

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
 * A statement built once per database and kept prepared (ADR 047): the password step's own statements run on
 * every sign-in, and building them cost the main thread more than sending them.
 */
function preparedFor<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}

const placeholder = (name: string) => sql.placeholder(name);
/** `now` as a placeholder, given as ISO text and cast in SQL (as the provider adapter's times are). */
const nowPlaceholder = sql`${placeholder('now')}::timestamptz`;

/** takeAttemptFor's statement, for a card number or an email address (`identifier`), `max` and `now`. */
const takeAttemptStatement = (by: 'cardNumber' | 'email') =>
  preparedFor((db) => {
    const identifier = placeholder('identifier');
    const collectorId =
      by === 'cardNumber'
        ? db
            .select({ id: cards.collectorId })
            .from(cards)
            .innerJoin(collectors, eq(collectors.id, cards.collectorId))
            .where(
              and(eq(cards.number, identifier), eq(cards.status, 'active'), eq(collectors.status, 'active')),
            )
            .limit(1)
        : db
            .select({ id: collectors.id })
            .from(collectors)
            .where(
              and(sql`lower(${collectors.email}) = lower(${identifier})`, eq(collectors.status, 'active')),
            )
            .limit(1);
    return db
      .update(credentials)
      .set({ failedAttempts: sql`${credentials.failedAttempts} + 1`, updatedAt: nowPlaceholder })
      .where(
        and(
          eq(credentials.collectorId, sql`(${collectorId})`),
          or(isNull(credentials.lockedUntil), lte(credentials.lockedUntil, nowPlaceholder)),
          lt(credentials.failedAttempts, placeholder('max')),
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
      })
      .prepare(`sign_in_take_attempt_by_${by === 'cardNumber' ? 'card' : 'email'}`);
  });
const takeAttemptByCard = takeAttemptStatement('cardNumber');
const takeAttemptByEmail = takeAttemptStatement('email');

/**
 * Finds the credential and takes one password attempt before the password is checked, in one conditional
 * update: refused (undefined) while the account is locked or `max` attempts are already under way, so
 * parallel requests can check at most `max` passwords before the lockout, however many arrive at once.
 * Undefined also when there is no such account: findCredentialByCard/Email then tell which (only a refusal
 * pays that query).
 */
export async function takeAttemptFor(
  db: Database,
  identifier: { cardNumber: string } | { email: string },
  max: number,
  now: Date,
): Promise<CredentialRow | undefined> {
  const [row] =
    'cardNumber' in identifier
      ? await takeAttemptByCard(db).execute({
          identifier: identifier.cardNumber,
          max,
          now: now.toISOString(),
        })
      : await takeAttemptByEmail(db).execute({ identifier: identifier.email, max, now: now.toISOString() });
  return row;
}

/**
 * Takes one sign-in attempt for a collector already named by another factor (a passkey), as
 * takeAttemptFor does for a card number or email: refused (undefined) while the account is locked or `max`
 * attempts are under way, and when the collector is not active or has no credential.
 */
export async function takeAttemptForCollector(
  db: Database,
  collectorId: string,
  max: number,
  now: Date,
): Promise<Pick<CredentialRow, 'failedAttempts' | 'lockouts'> | undefined> {
  const [row] = await db
    .update(credentials)
    .set({ failedAttempts: sql`${credentials.failedAttempts} + 1`, updatedAt: now })
    .where(
      and(
        eq(credentials.collectorId, collectorId),
        sql`exists (select 1 from ${collectors} where ${collectors.id} = ${credentials.collectorId} and ${collectors.status} = 'active')`,
        or(isNull(credentials.lockedUntil), lte(credentials.lockedUntil, now)),
        lt(credentials.failedAttempts, max),
      ),
    )
    .returning({ failedAttempts: credentials.failedAttempts, lockouts: credentials.lockouts });
  return row;
}

/** The lockout state of a collector's credential (what a refused attempt tells the member). */
export async function findLockState(db: Database, collectorId: string) {
  const [row] = await db
    .select({
      lockedUntil: credentials.lockedUntil,
      lockouts: credentials.lockouts,
      failedAttempts: credentials.failedAttempts,
    })
    .from(credentials)
    .where(eq(credentials.collectorId, collectorId))
    .limit(1);
  return row;
}

export async function lock(db: Database, collectorId: string, until: Date, now: Date): Promise<void> {
  await db
    .update(credentials)
    .set({
      failedAttempts: 0,
      lockouts: sql`${credentials.lockouts} + 1`,
      lockedUntil: until,
      updatedAt: now,
    })
    .where(eq(credentials.collectorId, collectorId));
}

const clearFailuresStatement = preparedFor((db) =>
  db
    .update(credentials)
    .set({ failedAttempts: 0, lockedUntil: null, updatedAt: nowPlaceholder })
    .where(eq(credentials.collectorId, placeholder('collectorId')))
    .prepare('sign_in_clear_failures'),
);

export async function clearFailures(db: Database, collectorId: string, now: Date): Promise<void> {
  await clearFailuresStatement(db).execute({ collectorId, now: now.toISOString() });
}

/**
 * The careline lifts the member's sign-in lockout: the wrong passwords in a row back to 0 and the lock gone,
 * as a right password leaves them (the count of earlier lockouts stays, so the next one is as long as it
 * would have been). Answers the state before, or undefined when the member has no password.
 */
export async function liftLockout(db: DbExecutor, collectorId: string, now: Date) {
  const [before] = await db
    .select({ failedAttempts: credentials.failedAttempts, lockedUntil: credentials.lockedUntil })
    .from(credentials)
    .where(eq(credentials.collectorId, collectorId))
    .for('update');
  if (!before) return undefined;
  await db
    .update(credentials)
    .set({ failedAttempts: 0, lockedUntil: null, updatedAt: now })
    .where(eq(credentials.collectorId, collectorId));
  return before;
}
