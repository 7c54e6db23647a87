import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database.ts';
import { cards, collectors, consents, credentials } from '../../db/schema/core.ts';
import { tempCardLinks } from '../../db/schema/temp-card.ts';

/**
 * SQL only for the temporary card (docs/architecture.md "Layers and the rule for adding a module"); the rules
 * are in service.ts.
 */

const sameEmail = (email: string) => sql`lower(${collectors.email}) = lower(${email})`;

export async function findCollectorByEmail(db: DbExecutor, email: string) {
  const [row] = await db
    .select({ id: collectors.id, hasCredential: sql<boolean>`${credentials.collectorId} is not null` })
    .from(collectors)
    .leftJoin(credentials, eq(credentials.collectorId, collectors.id))
    .where(sameEmail(email))
    .limit(1);
  return row;
}

/** Inserts a collector that holds only an email; answers undefined when another request just made it. */
export async function insertEmailOnlyCollector(db: DbExecutor, email: string, now: Date) {
  const [row] = await db
    .insert(collectors)
    .values({ email, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: collectors.id });
  return row;
}

export async function findCollectorCards(db: DbExecutor, collectorId: string) {
  return db
    .select({
      number: cards.number,
      kind: cards.kind,
      status: cards.status,
      issuedAt: cards.issuedAt,
      expiresAt: cards.expiresAt,
    })
    .from(cards)
    .where(eq(cards.collectorId, collectorId))
    .orderBy(desc(cards.issuedAt));
}

/** Inserts a temporary card; answers false when the number is already taken (the caller draws again). */
export async function insertTemporaryCard(
  db: DbExecutor,
  card: { number: string; collectorId: string; issuedAt: Date; expiresAt: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(cards)
    .values({ ...card, kind: 'temporary', status: 'active' })
    .onConflictDoNothing()
    .returning({ number: cards.number });
  return inserted.length === 1;
}

export async function countLinksSince(db: DbExecutor, cardNumber: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ sent: count() })
    .from(tempCardLinks)
    .where(and(eq(tempCardLinks.cardNumber, cardNumber), gt(tempCardLinks.createdAt, since)));
  return row?.sent ?? 0;
}

export async function insertLink(
  db: DbExecutor,
  link: { tokenHash: string; cardNumber: string; createdAt: Date },
) {
  await db.insert(tempCardLinks).values(link);
}

export async function findCardByLink(db: DbExecutor, tokenHash: string) {
  const [row] = await db
    .select({
      number: cards.number,
      kind: cards.kind,
      status: cards.status,
      issuedAt: cards.issuedAt,
      expiresAt: cards.expiresAt,
    })
    .from(tempCardLinks)
    .innerJoin(cards, eq(cards.number, tempCardLinks.cardNumber))
    .where(eq(tempCardLinks.tokenHash, tokenHash));
  return row;
}

export async function findConsentKinds(db: DbExecutor, collectorId: string, wordingVersion: string) {
  const rows = await db
    .select({ kind: consents.kind })
    .from(consents)
    .where(and(eq(consents.collectorId, collectorId), eq(consents.wordingVersion, wordingVersion)));
  return new Set(rows.map((row) => row.kind));
}

export async function insertConsents(
  db: DbExecutor,
  rows: { collectorId: string; kind: string; wordingVersion: string; agreedAt: Date }[],
) {
  if (rows.length > 0) await db.insert(consents).values(rows);
}

/** The collector's temporary card, if any, for the email a full registration is being made with. */
export async function findTemporaryCardByEmail(db: DbExecutor, email: string) {
  const [row] = await db
    .select({ collectorId: collectors.id, number: cards.number })
    .from(collectors)
    .innerJoin(cards, eq(cards.collectorId, collectors.id))
    .where(and(sameEmail(email), eq(cards.kind, 'temporary')))
    .orderBy(desc(cards.issuedAt))
    .limit(1)
    .for('update');
  return row;
}

/** Makes the card the collector's digital card: same number, no expiry. */
export async function makeCardDigital(db: DbExecutor, cardNumber: string) {
  await db
    .update(cards)
    .set({ kind: 'digital', status: 'active', expiresAt: null })
    .where(eq(cards.number, cardNumber));
}
