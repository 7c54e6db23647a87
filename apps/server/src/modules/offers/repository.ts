import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/database.ts';
import { collectorOffers, offers, offerUploads } from '../../db/schema/offers.ts';
import { offerPaysOut } from '../../lib/offer-pays-out.ts';

export type OfferRow = typeof offers.$inferSelect;
export type CollectorOfferRow = OfferRow & {
  state: string;
  isBookmarked: boolean;
  savedAt: Date | null;
  timesEarned: number;
};

/**
 * Adds the offers that are missing and leaves every existing row as it is: a marketer's change to an offer
 * stays whatever a later start brings.
 */
export async function insertMissingOffers(db: Database, list: Array<typeof offers.$inferInsert>) {
  if (list.length === 0) return;
  await db.insert(offers).values(list).onConflictDoNothing({ target: offers.id });
}

/**
 * The offers approved for everyone (no segment, no list of cards), by id; with `notEndedAt`, only those that
 * have not ended by then (neither past their end nor stopped early).
 */
export async function listOffersForEveryone(
  db: DbExecutor,
  notEndedAt?: Date,
): Promise<Array<Pick<OfferRow, 'id' | 'sourceType'>>> {
  return db
    .select({ id: offers.id, sourceType: offers.sourceType })
    .from(offers)
    .where(
      and(
        eq(offers.status, 'approved'),
        sql`${offers.audience}->>'kind' = 'everyone'`,
        notEndedAt ? and(gte(offers.validTo, notEndedAt), isNull(offers.stoppedReason)) : undefined,
      ),
    )
    .orderBy(offers.id);
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

/**
 * The member's offers of these sources that are running (lib/offer-pays-out.ts): one paused, ended by staff
 * or stopped when its budget was spent leaves the list at once, as it stops paying at the till. With
 * `running: false`, every offer assigned to them, whatever its status (the careline's view).
 */
export async function listCollectorOffers(
  db: Database,
  collectorId: string,
  sourceTypes: Array<OfferRow['sourceType']>,
  { running = true }: { running?: boolean } = {},
): Promise<CollectorOfferRow[]> {
  const rows = await db
    .select(columns)
    .from(collectorOffers)
    .innerJoin(offers, eq(offers.id, collectorOffers.offerId))
    .where(
      and(
        eq(collectorOffers.collectorId, collectorId),
        inArray(offers.sourceType, sourceTypes),
        running ? offerPaysOut : undefined,
      ),
    )
    .orderBy(offers.id);
  return rows.map(flatten);
}

/** One of the member's offers, while it runs (as the list shows it). */
export async function findCollectorOffer(db: Database, collectorId: string, offerId: string) {
  const [row] = await db
    .select(columns)
    .from(collectorOffers)
    .innerJoin(offers, eq(offers.id, collectorOffers.offerId))
    .where(
      and(eq(collectorOffers.collectorId, collectorId), eq(collectorOffers.offerId, offerId), offerPaysOut),
    );
  return row ? flatten(row) : undefined;
}

export async function findOffer(db: Database, offerId: string): Promise<OfferRow | undefined> {
  const [row] = await db.select().from(offers).where(eq(offers.id, offerId));
  return row;
}

/**
 * Reads the collector's rows for these offers with a row lock, so concurrent changes queue up: only offers
 * that run (one paused or stopped is not the member's to change).
 */
export async function lockCollectorOffers(db: DbExecutor, collectorId: string, offerIds: string[]) {
  const rows = await db
    .select(columns)
    .from(collectorOffers)
    .innerJoin(offers, eq(offers.id, collectorOffers.offerId))
    .where(
      and(
        eq(collectorOffers.collectorId, collectorId),
        inArray(collectorOffers.offerId, offerIds),
        offerPaysOut,
      ),
    )
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A picture a marketer uploaded (modules/campaigns), by its id; none for an id that is not one. */
export async function findUpload(db: Database, id: string) {
  if (!UUID.test(id)) return undefined;
  const [row] = await db
    .select({ contentType: offerUploads.contentType, data: offerUploads.data })
    .from(offerUploads)
    .where(eq(offerUploads.id, id));
  return row;
}
