// @databases one: plain inserts and reads of the offers table; nothing it asserts depends on the kind.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers } from '../../db/schema/offers.ts';
import { retailerProducts } from '../../modules/partner-api/sandbox-shelf.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { loadOfferCatalogue, offerCatalogue } from './offers.ts';

describe("the scheme's first offers", () => {
  const catalogue = offerCatalogue();
  it('has at least 60 offers of the three source types', () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(60);
    expect(new Set(catalogue.map((offer) => offer.sourceType))).toEqual(
      new Set(['PIANO', 'COALITION', 'NECTAR_PRICE']),
    );
  });
  it('never shows a member two offers with the same id or title', () => {
    expect(new Set(catalogue.map((offer) => offer.id)).size).toBe(catalogue.length);
    expect(new Set(catalogue.map((offer) => offer.title)).size).toBe(catalogue.length);
  });
  it("pays its live bonus offers on products the retailer's sandbox till sells", () => {
    const shelf = new Set(retailerProducts().map((product) => product.sku));
    const live = catalogue.filter((offer) => offer.sourceType === 'PIANO' && offer.id !== 'piano-expired');
    for (const offer of live) {
      const sku = offer.rule && 'sku' in offer.rule ? offer.rule.sku : undefined;
      if (sku) expect(shelf, offer.id).toContain(sku);
    }
  });
});

describe('the first offers in the table', () => {
  const catalogue = offerCatalogue();
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('are all there after a start, approved, for everyone, with no budget', async () => {
    const rows = await t.app.db
      .select()
      .from(offers)
      .where(
        inArray(
          offers.id,
          catalogue.map((offer) => offer.id),
        ),
      );
    expect(rows).toHaveLength(catalogue.length);
    for (const row of rows) {
      expect(row, row.id).toMatchObject({
        status: 'approved',
        audience: { kind: 'everyone' },
        budgetPoints: null,
        version: 1,
      });
    }
  });

  it("are written when missing: a later start keeps a marketer's change, adds a deleted one", async () => {
    await t.app.db
      .update(offers)
      .set({ title: 'A title a marketer wrote', terms: 'Their terms.', status: 'paused' })
      .where(eq(offers.id, 'piano-002'));
    await t.app.db.delete(offers).where(eq(offers.id, 'coalition-015'));
    await loadOfferCatalogue(t.app.db);
    const [changed] = await t.app.db.select().from(offers).where(eq(offers.id, 'piano-002'));
    expect(changed).toMatchObject({
      title: 'A title a marketer wrote',
      terms: 'Their terms.',
      status: 'paused',
    });
    const [back] = await t.app.db.select().from(offers).where(eq(offers.id, 'coalition-015'));
    expect(back?.title).toBe(catalogue.find((offer) => offer.id === 'coalition-015')?.title);
  });
});
