// @databases one: plain inserts and reads of the brands table; nothing it asserts depends on the kind.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands } from '../../db/schema/brands.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { brandCatalogue, loadBrandCatalogue } from './brands.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the first brands in the table', () => {
  const first = brandCatalogue();

  it('are all there after a start, one key each, in the order listed', async () => {
    expect(new Set(first.map((brand) => brand.key)).size).toBe(first.length);
    const stored = await t.app.db.select({ key: brands.key }).from(brands).orderBy(brands.sortOrder);
    expect(stored.map((row) => row.key)).toEqual(first.map((brand) => brand.key));
  });

  it('are written when missing: a later start keeps a changed brand, adds a deleted one', async () => {
    await t.app.db
      .update(brands)
      .set({ description: 'Words a marketer wrote.', collectRate: '3 points per £1' })
      .where(eq(brands.key, 'argos'));
    await t.app.db.delete(brands).where(eq(brands.key, 'ebay'));
    await loadBrandCatalogue(t.app.db);
    const [kept] = await t.app.db.select().from(brands).where(eq(brands.key, 'argos'));
    expect(kept).toMatchObject({ description: 'Words a marketer wrote.', collectRate: '3 points per £1' });
    const [back] = await t.app.db.select().from(brands).where(eq(brands.key, 'ebay'));
    expect(back?.name).toBe('eBay');
  });
});
