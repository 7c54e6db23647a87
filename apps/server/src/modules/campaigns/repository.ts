import { and, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OfferLifecycle } from '@app/contracts/staff-offers';
import type { DbExecutor } from '../../db/database.ts';
import { cards, collectors } from '../../db/schema/core.ts';
import { offerAudienceMembers, offers, offerUploads } from '../../db/schema/offers.ts';
import { staffMembers } from '../../db/schema/staff.ts';

export type OfferRow = typeof offers.$inferSelect;

/** The rows a raw statement answers (both databases' drivers answer `{ rows }`). */
export async function rowsOf<T>(db: DbExecutor, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** Offers in a lifecycle at `now` (offerLifecycle of @app/contracts/staff-offers, in SQL). */
function inLifecycle(lifecycle: OfferLifecycle, now: Date): SQL | undefined {
  const approved = eq(offers.status, 'approved');
  switch (lifecycle) {
    case 'draft':
      return eq(offers.status, 'draft');
    case 'awaiting-approval':
      return eq(offers.status, 'submitted');
    case 'paused':
      return eq(offers.status, 'paused');
    case 'scheduled':
      return and(approved, sql`${offers.validFrom} > ${at(now)}`);
    case 'live':
      return and(approved, sql`${offers.validFrom} <= ${at(now)}`, sql`${offers.validTo} >= ${at(now)}`);
    case 'ended':
      return sql`(${offers.status} = 'ended'
                  or (${offers.status} = 'approved' and ${offers.validTo} < ${at(now)}))`;
  }
}

const creator = alias(staffMembers, 'creator');
const submitter = alias(staffMembers, 'submitter');
const approver = alias(staffMembers, 'approver');

/** Offers with the names of the staff who wrote, sent and approved them. */
const withNames = (db: DbExecutor) =>
  db
    .select({
      offer: offers,
      createdByName: creator.name,
      submittedByName: submitter.name,
      approvedByName: approver.name,
    })
    .from(offers)
    .leftJoin(creator, eq(creator.id, offers.createdBy))
    .leftJoin(submitter, eq(submitter.id, offers.submittedBy))
    .leftJoin(approver, eq(approver.id, offers.approvedBy));

export type NamedOfferRow = Awaited<ReturnType<ReturnType<typeof withNames>['execute']>>[number];

/** Every offer, newest first, in a lifecycle and of a campaign when asked. */
export const listOffers = (
  db: DbExecutor,
  filter: { lifecycle?: OfferLifecycle | undefined; campaign?: string | undefined },
  now: Date,
) =>
  withNames(db)
    .where(
      and(
        filter.lifecycle ? inLifecycle(filter.lifecycle, now) : undefined,
        filter.campaign ? eq(offers.campaign, filter.campaign) : undefined,
      ),
    )
    .orderBy(desc(offers.createdAt), desc(offers.id));

export async function findNamedOffer(db: DbExecutor, id: string) {
  const [row] = await withNames(db).where(eq(offers.id, id));
  return row;
}

export async function findOffer(db: DbExecutor, id: string) {
  const [row] = await db.select().from(offers).where(eq(offers.id, id));
  return row;
}

/** Approved offers not stopped and not yet ended (scheduled or live) among these. */
export const runningOffers = (db: DbExecutor, ids: string[], now: Date) =>
  db
    .select()
    .from(offers)
    .where(
      and(
        inArray(offers.id, ids),
        eq(offers.status, 'approved'),
        isNull(offers.stoppedReason),
        sql`${offers.validTo} >= ${at(now)}`,
      ),
    );

/**
 * Approved segment offers not stopped and not yet ended: the minute's job gives them to members who come in.
 */
/** Running offers whose assignment to their audience has not moved since `before` (cut short by a crash). */
export const stalledAssignments = (db: DbExecutor, before: Date) =>
  db
    .select()
    .from(offers)
    .where(
      and(
        eq(offers.status, 'approved'),
        isNull(offers.stoppedReason),
        sql`${offers.assigningAt} < ${at(before)}`,
      ),
    );

export const runningSegmentOffers = (db: DbExecutor, now: Date) =>
  db
    .select()
    .from(offers)
    .where(
      and(
        eq(offers.status, 'approved'),
        isNull(offers.stoppedReason),
        sql`${offers.validTo} >= ${at(now)}`,
        sql`${offers.audience}->>'kind' = 'segment'`,
      ),
    );

/** The offer's row, locked until the transaction ends: its steps queue up one after the other. */
export async function lockOffer(db: DbExecutor, id: string) {
  const [row] = await db.select().from(offers).where(eq(offers.id, id)).for('update');
  return row;
}

export async function insertOffer(db: DbExecutor, row: typeof offers.$inferInsert) {
  const [inserted] = await db.insert(offers).values(row).returning();
  return inserted as OfferRow;
}

export async function updateOffer(db: DbExecutor, id: string, values: Partial<typeof offers.$inferInsert>) {
  const [updated] = await db.update(offers).set(values).where(eq(offers.id, id)).returning();
  return updated as OfferRow;
}

/** Members on an offer's uploaded list. */
export async function countListMembers(db: DbExecutor, offerId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(offerAudienceMembers)
    .where(eq(offerAudienceMembers.offerId, offerId));
  return row?.n ?? 0;
}

/** The offer's list becomes these members (the list uploaded last is the list). */
export async function replaceListMembers(db: DbExecutor, offerId: string, memberIds: string[]) {
  await db.delete(offerAudienceMembers).where(eq(offerAudienceMembers.offerId, offerId));
  // One statement whatever the list's length: the ids go as one array parameter.
  if (memberIds.length > 0) {
    await db.execute(
      sql`insert into offer_audience_members (offer_id, collector_id)
          select ${offerId}, id from unnest(${`{${memberIds.join(',')}}`}::uuid[]) as id`,
    );
  }
}

/** A new version's list is its previous version's. */
export const copyListMembers = (db: DbExecutor, fromOfferId: string, toOfferId: string) =>
  db.execute(
    sql`insert into offer_audience_members (offer_id, collector_id)
        select ${toOfferId}, collector_id from offer_audience_members where offer_id = ${fromOfferId}`,
  );

/** The member each of these card numbers belongs to, for the cards that exist and whose member is open. */
export async function holdersOfCards(db: DbExecutor, numbers: string[]) {
  if (numbers.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ number: cards.number, collectorId: cards.collectorId })
    .from(cards)
    .innerJoin(collectors, eq(collectors.id, cards.collectorId))
    // One array parameter, however many numbers (a list holds up to 100,000; a statement takes 65,535
    // values).
    .where(
      and(sql`${cards.number} = any(${`{${numbers.join(',')}}`}::text[])`, ne(collectors.status, 'closed')),
    );
  return new Map(rows.map((row) => [row.number, row.collectorId]));
}

/** Whether the member exists (a preview for a member names one). */
export async function memberExists(db: DbExecutor, memberId: string) {
  const [row] = await db.select({ id: collectors.id }).from(collectors).where(eq(collectors.id, memberId));
  return row !== undefined;
}

/**
 * When a new version is approved, the version before stops for the members who had not saved it: their
 * assignment goes (unsaved, not opted in, or hidden); those who loaded, pinned or opted in keep it.
 */
export async function withdrawUnsaved(db: DbExecutor, offerId: string) {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`with gone as (
          delete from collector_offers
          where offer_id = ${offerId} and state in ('UNLOADED', 'NOTOPTEDIN', 'HIDDEN')
          returning 1
        ) select count(*)::int as n from gone`,
  );
  return row?.n ?? 0;
}

/** A picture uploaded before with the same bytes, or the new one. */
export async function insertUpload(db: DbExecutor, row: typeof offerUploads.$inferInsert) {
  const [inserted] = await db
    .insert(offerUploads)
    .values(row)
    .onConflictDoNothing({ target: offerUploads.sha256 })
    .returning({ id: offerUploads.id });
  if (inserted) return { id: inserted.id, created: true };
  const [existing] = await db
    .select({ id: offerUploads.id })
    .from(offerUploads)
    .where(eq(offerUploads.sha256, row.sha256));
  return { id: existing?.id ?? '', created: false };
}

export async function uploadExists(db: DbExecutor, id: string) {
  const [row] = await db.select({ id: offerUploads.id }).from(offerUploads).where(eq(offerUploads.id, id));
  return row !== undefined;
}
