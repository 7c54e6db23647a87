import { asc, eq } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/database.ts';
import { brandClicks, brands } from '../../db/schema/brands.ts';

export type StoredBrand = typeof brands.$inferSelect;

/** New brands only: a brand already stored keeps its row (safe on every start, on any instance). */
export async function insertBrands(db: Database, rows: Array<typeof brands.$inferInsert>) {
  if (rows.length > 0) await db.insert(brands).values(rows).onConflictDoNothing({ target: brands.key });
}

export const listBrands = (db: Database): Promise<StoredBrand[]> =>
  db.select().from(brands).orderBy(asc(brands.sortOrder), asc(brands.name));

export async function findBrand(db: Database, key: string): Promise<StoredBrand | undefined> {
  const [row] = await db.select().from(brands).where(eq(brands.key, key));
  return row;
}

export async function recordClick(
  db: Database,
  click: { brandKey: string; collectorId: string | null; direction: string },
) {
  const [row] = await db.insert(brandClicks).values(click).returning({ id: brandClicks.id });
  return row?.id ?? '';
}

/** A click on a brand's eShop link, with the member who made it (none when they were signed out). */
export async function findClick(db: DbExecutor, clickId: string) {
  const [row] = await db
    .select({
      brandKey: brandClicks.brandKey,
      collectorId: brandClicks.collectorId,
      createdAt: brandClicks.createdAt,
    })
    .from(brandClicks)
    .where(eq(brandClicks.id, clickId));
  return row;
}
