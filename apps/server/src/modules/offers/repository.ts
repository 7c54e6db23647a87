import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/database.ts';
import { collectorOffers, offers } from '../../db/schema/offers.ts';

export type OfferRow = typeof offers.$inferSelect;
export type CollectorOfferRow = OfferRow & {
  state: string;
  isBookmarked: boolean;
  savedAt: Date | null;
  timesEarned: number;
};

/**
 * New offers are added; an existing offer's wording (how to, terms), category and picture follow the
 * catalogue, rewritten only when they changed.
 */
export async function insertCatalogue(db: Database, list: Array<typeof offers.$inferInsert>) {
  if (list.length === 0) return;
  await db
    .insert(offers)
    .values(list)
    .onConflictDoUpdate({
      target: offers.id,
      set: {
        howTo: sql`excluded.how_to`,
        terms: sql`excluded.terms`,
        categoryKey: sql`excluded.category_key`,
        categoryName: sql`excluded.category_name`,
        picture: sql`excluded.picture`,
        title: sql`excluded.title`,
        description: sql`excluded.description`,
        points: sql`excluded.points`,
        rule: sql`excluded.rule`,
      },
      setWhere: sql`(${offers.howTo}, ${offers.terms}, ${offers.categoryKey}, ${offers.categoryName}, ${offers.picture}, ${offers.title}, ${offers.description}, ${offers.points}, ${offers.rule}) is distinct from (excluded.how_to, excluded.terms, excluded.category_key, excluded.category_name, excluded.picture, excluded.title, excluded.description, excluded.points, excluded.rule)`,
    });
}

export async function assignOffers(
  db: DbExecutor,
  collectorId: string,
  offerIds: string[],
  initialState: (id: string) => string,
) {
  if (offerIds.length === 0) return;
  await db
    .insert(collectorOffers)
    .values(offerIds.map((offerId) => ({ collectorId, offerId, state: initialState(offerId) })))
    .onConflictDoNothing();
}

const columns = {
  offer: offers,
  state: collectorOffers.state,
  isBookmarked: collectorOffers.isBookmarked,
  savedAt: collectorOffers.savedAt,
  timesEarned: collectorOffers.timesEarned,
};

const flatten = (row: {
  offer: OfferRow;
  state: string;
  isBookmarked: boolean;
  savedAt: Date | null;
  timesEarned: number;
}): CollectorOfferRow => ({
  ...row.offer,
  state: row.state,
  isBookmarked: row.isBookmarked,
  savedAt: row.savedAt,
  timesEarned: row.timesEarned,
});

export async function listCollectorOffers(
  db: Database,
  collectorId: string,
  sourceTypes: Array<OfferRow['sourceType']>,
): Promise<CollectorOfferRow[]> {
  const rows = await db
    .select(columns)
    .from(collectorOffers)
    .innerJoin(offers, eq(offers.id, collectorOffers.offerId))
    .where(and(eq(collectorOffers.collectorId, collectorId), inArray(offers.sourceType, sourceTypes)))
    .orderBy(offers.id);
  return rows.map(flatten);
}

export async function findCollectorOffer(db: Database, collectorId: string, offerId: string) {
  const [row] = await db
    .select(columns)
    .from(collectorOffers)
    .innerJoin(offers, eq(offers.id, collectorOffers.offerId))
    .where(and(eq(collectorOffers.collectorId, collectorId), eq(collectorOffers.offerId, offerId)));
  return row ? flatten(row) : undefined;
}

export async function findOffer(db: Database, offerId: string): Promise<OfferRow | undefined> {
  const [row] = await db.select().from(offers).where(eq(offers.id, offerId));
  return row;
}

/** Reads the collector's rows for these offers with a row lock, so concurrent changes queue up. */
export async function lockCollectorOffers(db: DbExecutor, collectorId: string, offerIds: string[]) {
  const rows = await db
    .select(columns)
    .from(collectorOffers)
    .innerJoin(offers, eq(offers.id, collectorOffers.offerId))
    .where(and(eq(collectorOffers.collectorId, collectorId), inArray(collectorOffers.offerId, offerIds)))
    .for('update', { of: collectorOffers });
  return rows.map(flatten);
}

export async function updateCollectorOffer(
  db: DbExecutor,
  collectorId: string,
  offerId: string,
  change: { state?: string; isBookmarked?: boolean; savedAt?: Date | null },
  now: Date,
) {
  await db
    .update(collectorOffers)
    .set({ ...change, version: sql`${collectorOffers.version} + 1`, updatedAt: now })
    .where(and(eq(collectorOffers.collectorId, collectorId), eq(collectorOffers.offerId, offerId)));
}

export async function markSeen(db: Database, collectorId: string, offerIds: string[], at: Date) {
  await db
    .update(collectorOffers)
    .set({ firstSeenAt: at })
    .where(
      and(
        eq(collectorOffers.collectorId, collectorId),
        inArray(collectorOffers.offerId, offerIds),
        sql`${collectorOffers.firstSeenAt} is null`,
      ),
    );
}
