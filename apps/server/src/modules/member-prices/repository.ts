import { asc } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { memberPrices } from '../../db/schema/offers.ts';

export type StoredMemberPrice = typeof memberPrices.$inferSelect;

/** Every row, in the order they were given. */
export async function listMemberPrices(db: Database): Promise<StoredMemberPrice[]> {
  return db.select().from(memberPrices).orderBy(asc(memberPrices.sortOrder), asc(memberPrices.sku));
}

/** Adds the rows that are missing and leaves every existing row as it is. */
export async function insertMissingMemberPrices(db: Database, rows: Array<typeof memberPrices.$inferInsert>) {
  if (rows.length === 0) return;
  await db.insert(memberPrices).values(rows).onConflictDoNothing({ target: memberPrices.sku });
}
