import { and, eq, gt, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database.ts';
import { cards, collectors, consents, contactPreferences, credentials } from '../../db/schema/core.ts';
import { businesses, collectorAddresses, registrations } from '../../db/schema/registration.ts';

/**
 * SQL only for registration (docs/architecture.md "Layers and the rule for adding a module"); the rules are
 * in service.ts.
 */

export type RegistrationRow = typeof registrations.$inferSelect;
export type RegistrationPatch = Partial<typeof registrations.$inferInsert>;

export async function insertRegistration(db: DbExecutor, row: typeof registrations.$inferInsert) {
  await db.insert(registrations).values(row);
}

/** The registration behind an authToken hash, locked for the rest of the transaction. */
export async function lockByAuthToken(db: DbExecutor, authTokenHash: string) {
  const [row] = await db
    .select()
    .from(registrations)
    .where(eq(registrations.authTokenHash, authTokenHash))
    .for('update');
  return row;
}

export async function lockByVerificationToken(db: DbExecutor, tokenHash: string) {
  const [row] = await db
    .select()
    .from(registrations)
    .where(eq(registrations.verificationTokenHash, tokenHash))
    .for('update');
  return row;
}

export async function updateRegistration(db: DbExecutor, id: string, patch: RegistrationPatch) {
  await db.update(registrations).set(patch).where(eq(registrations.id, id));
}

/** Spends a completion token: answers the registration once, while the token is live. */
export async function spendCompletionToken(db: DbExecutor, tokenHash: string, now: Date) {
  const [row] = await db
    .update(registrations)
    // Marked spent rather than cleared, so sign-up-status never issues another one.
    .set({
      completionTokenHash: sql`'spent:' || ${registrations.completionTokenHash}`,
      completionExpiresAt: null,
      updatedAt: now,
    })
    .where(and(eq(registrations.completionTokenHash, tokenHash), gt(registrations.completionExpiresAt, now)))
    .returning({ collectorId: registrations.collectorId, userData: registrations.userData });
  return row;
}

/** A collector with this email that already has an online account (a credential or a non-temporary card). */
export async function findRegisteredCollectorByEmail(db: DbExecutor, email: string) {
  const [row] = await db
    .select({ id: collectors.id })
    .from(collectors)
    .leftJoin(credentials, eq(credentials.collectorId, collectors.id))
    .leftJoin(cards, and(eq(cards.collectorId, collectors.id), ne(cards.kind, 'temporary')))
    .where(
      and(
        sql`lower(${collectors.email}) = lower(${email})`,
        or(isNotNull(credentials.collectorId), isNotNull(cards.number)),
      ),
    )
    .limit(1);
  return row;
}

export async function findCard(db: DbExecutor, number: string) {
  const [row] = await db
    .select({
      number: cards.number,
      kind: cards.kind,
      status: cards.status,
      collectorId: cards.collectorId,
      email: collectors.email,
      lastName: collectors.lastName,
      dateOfBirth: collectors.dateOfBirth,
      hasCredential: sql<boolean>`${credentials.collectorId} is not null`,
    })
    .from(cards)
    .innerJoin(collectors, eq(collectors.id, cards.collectorId))
    .leftJoin(credentials, eq(credentials.collectorId, cards.collectorId))
    .where(eq(cards.number, number));
  return row;
}

export async function findAddresses(db: DbExecutor, collectorId: string) {
  return db
    .select({ lines: collectorAddresses.lines, postcode: collectorAddresses.postcode })
    .from(collectorAddresses)
    .where(eq(collectorAddresses.collectorId, collectorId));
}

export async function insertCollector(db: DbExecutor, values: typeof collectors.$inferInsert) {
  const [row] = await db.insert(collectors).values(values).returning({ id: collectors.id });
  if (!row) throw new Error('collector insert returned nothing');
  return row.id;
}

export async function updateCollector(
  db: DbExecutor,
  collectorId: string,
  values: Partial<typeof collectors.$inferInsert>,
) {
  await db.update(collectors).set(values).where(eq(collectors.id, collectorId));
}

export async function insertDigitalCard(
  db: DbExecutor,
  card: { number: string; collectorId: string; issuedAt: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(cards)
    .values({ ...card, kind: 'digital', status: 'active' })
    .onConflictDoNothing()
    .returning({ number: cards.number });
  return inserted.length === 1;
}

export async function insertCredential(db: DbExecutor, collectorId: string, passwordHash: string) {
  await db.insert(credentials).values({ collectorId, passwordHash });
}

export async function upsertContactPreferences(
  db: DbExecutor,
  values: typeof contactPreferences.$inferInsert,
) {
  await db
    .insert(contactPreferences)
    .values(values)
    .onConflictDoUpdate({ target: contactPreferences.collectorId, set: values });
}

export async function insertConsents(db: DbExecutor, rows: (typeof consents.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(consents).values(rows);
}

export async function insertAddress(
  db: DbExecutor,
  value: { collectorId: string; lines: string[]; postcode: string },
) {
  await db.insert(collectorAddresses).values(value);
}

export async function insertBusiness(db: DbExecutor, value: typeof businesses.$inferInsert) {
  await db.insert(businesses).values(value);
}

export async function setBusinessOffersOptIn(db: DbExecutor, collectorId: string, optIn: boolean) {
  const rows = await db
    .update(businesses)
    .set({ businessOffersOptIn: optIn })
    .where(eq(businesses.collectorId, collectorId))
    .returning({ id: businesses.collectorId });
  return rows.length === 1;
}
