import { asc } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { marketingEvents } from '../../db/schema/marketing.ts';

export type StoredMarketingEvent = typeof marketingEvents.$inferSelect;
export type NewMarketingEvent = typeof marketingEvents.$inferInsert;

/** Every event, the earliest start first (then by id, so the order is the same on every read). */
export const listMarketingEvents = (db: Database): Promise<StoredMarketingEvent[]> =>
  db.select().from(marketingEvents).orderBy(asc(marketingEvents.startsAt), asc(marketingEvents.id));

/** Inserts the events that are missing; an event already stored keeps its row. */
export async function insertMissingMarketingEvents(db: Database, rows: NewMarketingEvent[]) {
  if (rows.length > 0) {
    await db.insert(marketingEvents).values(rows).onConflictDoNothing({ target: marketingEvents.id });
  }
}
