// @databases one: a plain update of one row and the pages read after it; nothing depends on the kind.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberPricesPaths, priceCataloguePageSchema } from '@app/contracts/member-prices';
import { memberPrices } from '../../db/schema/offers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

let t: TestApp;
/** The app's clock, moved by the test. */
let at = new Date('2026-11-29T10:00:00Z');
beforeAll(async () => {
  t = await buildTestApp({}, { now: () => at });
});
afterAll(async () => t.close());

const url = `${memberPricesPaths.catalogue}?category=bakery`;
const read = async (headers: Record<string, string> = {}) => t.app.inject({ url, headers });

describe('the member-price catalogue reads the member_prices table', () => {
  it('shows a changed row after the minute it is kept in memory, under a new ETag', async () => {
    const first = await read();
    const row = priceCataloguePageSchema.parse(first.json()).rows[0];
    if (!row) throw new Error('no bakery row');
    const etag = String(first.headers.etag);

    await t.app.db
      .update(memberPrices)
      .set({
        productDescription: 'Warburtons White Bread 400g, new recipe',
        discountPence: 20,
        memberPricePence: 105,
        basePricePence: 125,
        normalPricePence: 125,
      })
      .where(eq(memberPrices.sku, row.sku));
    // Within the minute the page is the one read before.
    expect((await read({ 'if-none-match': etag })).statusCode).toBe(304);

    at = new Date(at.getTime() + 61_000);
    const later = await read({ 'if-none-match': etag });
    expect(later.statusCode).toBe(200);
    expect(later.headers.etag).not.toBe(etag);
    const changed = priceCataloguePageSchema.parse(later.json()).rows.find((r) => r.sku === row.sku);
    expect(changed).toEqual({
      ...row,
      productDescription: 'Warburtons White Bread 400g, new recipe',
      memberPrice: '£1.05',
      normalPrice: '£1.25',
      discount: '£0.20',
      basePrice: '£1.25',
      calculated: '£1.05',
      matchMemberPriceAndDiscount: 1,
      matchNormalPriceAndBasePrice: 1,
    });
    // Every page's tag names the version of the whole catalogue.
    const all = await t.app.inject(memberPricesPaths.catalogue);
    expect(all.headers.etag).not.toBe(first.headers.etag);
  });

  it('flags a stored member price that is not the base price less the discount', async () => {
    const [row] = await t.app.db
      .select()
      .from(memberPrices)
      .where(eq(memberPrices.category, 'Frozen'))
      .limit(1);
    if (!row) throw new Error('no frozen row');
    await t.app.db
      .update(memberPrices)
      .set({ memberPricePence: row.basePricePence - row.discountPence + 10 })
      .where(eq(memberPrices.sku, row.sku));
    at = new Date(at.getTime() + 61_000);
    const res = await t.app.inject(`${memberPricesPaths.catalogue}?category=frozen`);
    const shown = priceCataloguePageSchema.parse(res.json()).rows.find((r) => r.sku === row.sku);
    expect(shown?.matchMemberPriceAndDiscount).toBe(0);
  });
});
