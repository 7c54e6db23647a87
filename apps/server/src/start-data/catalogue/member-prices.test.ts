// @databases one: plain inserts and reads of the member_prices table; nothing it asserts depends on the kind.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberPrices } from '../../db/schema/offers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { loadMemberPrices, memberPriceRows } from './member-prices.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the first member prices in the table', () => {
  const first = memberPriceRows();

  it('are all there after a start, in the order they were made', async () => {
    const stored = await t.app.db.select().from(memberPrices).orderBy(memberPrices.sortOrder);
    expect(stored.map(({ updatedAt: _, ...row }) => row)).toEqual(first);
  });

  it('are written when missing: a later start keeps a changed price, adds a deleted row', async () => {
    const [changed, deleted] = first;
    if (!changed || !deleted) throw new Error('too few rows');
    await t.app.db
      .update(memberPrices)
      .set({ memberPricePence: 50, discountPence: 10, basePricePence: 60, normalPricePence: 60 })
      .where(eq(memberPrices.sku, changed.sku));
    await t.app.db.delete(memberPrices).where(eq(memberPrices.sku, deleted.sku));
    await loadMemberPrices(t.app.db);
    const [kept] = await t.app.db.select().from(memberPrices).where(eq(memberPrices.sku, changed.sku));
    expect(kept).toMatchObject({ memberPricePence: 50, discountPence: 10, basePricePence: 60 });
    const [back] = await t.app.db.select().from(memberPrices).where(eq(memberPrices.sku, deleted.sku));
    expect(back).toMatchObject(deleted);
  });
});
