// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRICE_CATEGORIES,
  PRICES_PAGE_SIZE,
  memberPricesPaths,
  priceCataloguePageSchema,
  priceCategoryKey,
  type PriceCataloguePage,
  type PriceRow,
} from '@app/contracts/member-prices';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildPriceCatalogue } from '../../start-data/catalogue/member-prices.ts';
import { penceOf } from './pounds.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const pageOf = async (query: string) => {
  const res = await t.app.inject(`${memberPricesPaths.catalogue}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return priceCataloguePageSchema.parse(res.json()) satisfies PriceCataloguePage;
};

describe('the member-price catalogue rows (docs/product/signed-in-pages.md §S3, "Price catalogue row")', () => {
  const rows = buildPriceCatalogue();

  it('has several hundred product rows, one per SKU, made the same on every start', () => {
    expect(rows.length).toBeGreaterThanOrEqual(300);
    expect(rows.length).toBeLessThan(1000);
    expect(new Set(rows.map((row) => row.sku)).size).toBe(rows.length);
    expect(new Set(rows.map((row) => row.productDescription)).size).toBe(rows.length);
    expect(buildPriceCatalogue()).toEqual(rows);
  });

  it('has every row in one of the categories seen, with rows in all ten, drinks including alcohol', () => {
    for (const name of PRICE_CATEGORIES) {
      expect(rows.filter((row) => row.category === name).length, name).toBeGreaterThanOrEqual(
        PRICES_PAGE_SIZE,
      );
    }
    expect(
      rows.some(
        (row) => row.category === 'Drinks' && /Gin|Whisky|Lager|Prosecco/.test(row.productDescription),
      ),
    ).toBe(true);
  });

  it('checks every row: Calculated is BASE PRICE minus DISCOUNT, the member price equals it, the normal price equals the base price, both MATCH flags are 1', () => {
    const check = (row: PriceRow) => {
      for (const price of [row.memberPrice, row.normalPrice, row.discount, row.basePrice, row.calculated]) {
        expect(price, row.sku).toMatch(/^£\d+\.\d{2}$/);
      }
      expect(penceOf(row.calculated), row.sku).toBe(penceOf(row.basePrice) - penceOf(row.discount));
      expect(row.memberPrice, row.sku).toBe(row.calculated);
      expect(row.normalPrice, row.sku).toBe(row.basePrice);
      expect(row.matchMemberPriceAndDiscount, row.sku).toBe(1);
      expect(row.matchNormalPriceAndBasePrice, row.sku).toBe(1);
      expect(penceOf(row.memberPrice), row.sku).toBeGreaterThan(0);
    };
    rows.forEach(check);
  });

  it('has discounts from about £0.10 to £9.00', () => {
    const discounts = rows.map((row) => penceOf(row.discount));
    expect(Math.min(...discounts)).toBe(10);
    expect(Math.max(...discounts)).toBeLessThanOrEqual(900);
    expect(Math.max(...discounts)).toBeGreaterThanOrEqual(700);
  });
});

describe(`GET ${memberPricesPaths.catalogue}`, () => {
  it("pages 'All Prices' by 24 and lists each distinct category with its key", async () => {
    const first = await pageOf('');
    const total = buildPriceCatalogue().length;
    expect(first).toMatchObject({ category: 'all', page: 1, pageSize: 24, total });
    expect(first.rows).toHaveLength(24);
    expect(first.pageCount).toBe(Math.ceil(total / 24));
    expect(first.categories.map((c) => c.key)).toEqual(PRICE_CATEGORIES.map(priceCategoryKey));
    expect(first.categories.find((c) => c.name === 'Fruit & vegetables')?.key).toBe('fruit&vegetables');
    const last = await pageOf(`?page=${first.pageCount}`);
    expect(last.rows.length).toBe(total - 24 * (first.pageCount - 1));
    const second = await pageOf('?page=2');
    expect(second.rows[0]?.sku).not.toBe(first.rows[0]?.sku);
    // In turns by category: the first page shows every category, not 24 loaves.
    expect(new Set(first.rows.map((row) => row.category)).size).toBe(PRICE_CATEGORIES.length);
    // Every row once across the pages.
    const pages = await Promise.all(
      Array.from({ length: first.pageCount }, (_, index) => pageOf(`?page=${index + 1}`)),
    );
    const skus = pages.flatMap((page) => page.rows.map((row) => row.sku));
    expect(new Set(skus).size).toBe(total);
  });

  it('filters by the category key (the lowercased name without whitespace)', async () => {
    const page = await pageOf(`?category=${encodeURIComponent('toiletries&health')}`);
    expect(page.rows.length).toBeGreaterThan(0);
    expect(page.rows.every((row) => row.category === 'Toiletries & health')).toBe(true);
    expect(page.total).toBe(page.categories.find((c) => c.key === 'toiletries&health')?.count);
  });

  it('gives the catalogue terms with their dates as the data gives them: 12 Feb to 3 Mar 2020', async () => {
    const page = await pageOf('');
    expect(page.terms).toMatchObject({ validFrom: '12 Feb', validTo: '3 Mar 2020' });
    expect(page.terms.paragraphs.join(' ')).toMatch(/18 or over/);
  });

  it("draws every row's product image from the offers' illustration set", async () => {
    const images = new Set(buildPriceCatalogue().map((row) => row.productImage));
    for (const url of images) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('image/svg+xml');
    }
  });

  it('is cacheable: the same page again with its ETag is 304 with no body', async () => {
    const res = await t.app.inject(`${memberPricesPaths.catalogue}?category=bakery&page=2`);
    const etag = res.headers.etag;
    expect(etag).toMatch(/^".+"$/);
    expect(res.headers['cache-control']).toContain('public');
    const again = await t.app.inject({
      url: `${memberPricesPaths.catalogue}?category=bakery&page=2`,
      headers: { 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await t.app.inject(`${memberPricesPaths.catalogue}?category=bakery&page=1`);
    expect(other.headers.etag).not.toBe(etag);
  });

  it('answers 404 for an unknown category or a page past the last, and 400 for a page that is not a number', async () => {
    const category = await t.app.inject(`${memberPricesPaths.catalogue}?category=garden`);
    expect(category.statusCode).toBe(404);
    expect(category.json()).toMatchObject({ code: 'CATEGORY_NOT_FOUND' });
    const page = await t.app.inject(`${memberPricesPaths.catalogue}?page=999`);
    expect(page.statusCode).toBe(404);
    expect(page.json()).toMatchObject({ code: 'PAGE_NOT_FOUND' });
    expect((await t.app.inject(`${memberPricesPaths.catalogue}?page=two`)).statusCode).toBe(400);
  });
});
