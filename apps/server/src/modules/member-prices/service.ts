import { createHash } from 'node:crypto';
import {
  ALL_PRICES,
  PRICE_CATEGORIES,
  PRICES_PAGE_SIZE,
  priceCategoryKey,
  type PriceCataloguePage,
  type PriceCategoryName,
  type PriceRow,
  type PriceTerms,
} from '@app/contracts/member-prices';
import { brand } from '@app/contracts/brand';
import type { Database } from '../../db/database.ts';
import type { memberPrices } from '../../db/schema/offers.ts';
import type { Clock } from '../../lib/clock.ts';
import { formatPounds } from './pounds.ts';
import { insertMissingMemberPrices, listMemberPrices, type StoredMemberPrice } from './repository.ts';

/**
 * The catalogue terms (the PRICES_TNC popup, docs/product/signed-in-pages.md §S2.6). 'Terms for the catalogue
 * were valid 12 Feb to 3 Mar 2020' (§S3): the dates are shown as the data gives them (ADR 038).
 */
export const PRICE_TERMS: PriceTerms = {
  title: `${brand.name} Prices terms and conditions`,
  validFrom: '12 Feb',
  validTo: '3 Mar 2020',
  paragraphs: [
    `${brand.name} Prices are available to ${brand.name} members who are digitally registered and aged 18 or over.`,
    `Scan your ${brand.name} card at the till, or add it to your account when you shop online, to get the ${brand.name} Price.`,
    'Prices are for the products and sizes shown, while stocks last, in participating stores and online. Not available in some convenience stores.',
    `Normal prices may differ between stores; the ${brand.name} Price is the normal price less the discount shown.`,
    `${brand.retailer} may change or withdraw ${brand.name} Prices at any time. The ${brand.name} collector rules apply.`,
  ],
};

type PageAnswer =
  | { kind: 'page'; body: PriceCataloguePage; etag: string }
  | { kind: 'no-category' }
  | { kind: 'no-page'; pageCount: number };

/**
 * 'All Prices' in turns: one row of each category, then the next of each, so that its first page shows the
 * whole range instead of 24 loaves (the rows are kept by category; a category's own view keeps that order).
 */
function inTurnsByCategory(rows: readonly PriceRow[]): PriceRow[] {
  const byCategory = new Map<string, PriceRow[]>();
  for (const row of rows) byCategory.set(row.category, [...(byCategory.get(row.category) ?? []), row]);
  const queues = [...byCategory.values()];
  const longest = Math.max(0, ...queues.map((queue) => queue.length));
  const turns: PriceRow[] = [];
  for (let index = 0; index < longest; index += 1) {
    for (const queue of queues) {
      const row = queue[index];
      if (row) turns.push(row);
    }
  }
  return turns;
}

type PriceFields = Pick<
  StoredMemberPrice,
  | 'sku'
  | 'productDescription'
  | 'productImage'
  | 'category'
  | 'basePricePence'
  | 'discountPence'
  | 'memberPricePence'
  | 'normalPricePence'
>;

/**
 * A stored row as the catalogue shows it (docs/product/signed-in-pages.md §S3 "Price catalogue row"): prices
 * in pounds, Calculated as BASE PRICE minus DISCOUNT, and the two MATCH flags checking the stored prices
 * against it.
 */
export function toPriceRow(row: PriceFields): PriceRow {
  const calculated = row.basePricePence - row.discountPence;
  return {
    productDescription: row.productDescription,
    productImage: row.productImage,
    memberPrice: formatPounds(row.memberPricePence),
    normalPrice: formatPounds(row.normalPricePence),
    category: row.category as PriceCategoryName,
    sku: row.sku,
    discount: formatPounds(row.discountPence),
    basePrice: formatPounds(row.basePricePence),
    calculated: formatPounds(calculated),
    matchMemberPriceAndDiscount: row.memberPricePence === calculated ? 1 : 0,
    matchNormalPriceAndBasePrice: row.normalPricePence === row.basePricePence ? 1 : 0,
  };
}

const isPriceCategory = (name: string): name is PriceCategoryName =>
  (PRICE_CATEGORIES as readonly string[]).includes(name);

const priceCategoryList = (rows: readonly PriceRow[]) =>
  PRICE_CATEGORIES.filter((name) => rows.some((row) => row.category === name)).map((name) => ({
    key: priceCategoryKey(name),
    name,
    count: rows.filter((row) => row.category === name).length,
  }));

/**
 * The catalogue as read from the table: its rows by category (in the categories' order, then each row's
 * `sortOrder`), the same rows in turns for 'All Prices', and one version for all of it.
 */
function catalogueOf(stored: readonly StoredMemberPrice[]) {
  const order = (row: StoredMemberPrice) => PRICE_CATEGORIES.indexOf(row.category as PriceCategoryName);
  const rows = stored
    // The categories are the ones the page shows (a row of another would fail the answer's schema).
    .filter((row) => isPriceCategory(row.category))
    .toSorted((a, b) => order(a) - order(b))
    .map(toPriceRow);
  return {
    rows,
    categories: priceCategoryList(rows),
    allPrices: inTurnsByCategory(rows),
    // One version for the whole catalogue: every page's ETag changes when any row does.
    version: createHash('sha256')
      .update(JSON.stringify([rows, PRICE_TERMS]))
      .digest('base64url')
      .slice(0, 16),
  };
}

/** How long the catalogue is answered from memory: a change to a row shows within this time. */
const PRICES_CACHE_TTL_MS = 60_000;

/**
 * The rules of the catalogue: filter by category key, page by 24 (docs/product/signed-in-pages.md §S2.6, §S3;
 * docs/product/switches-and-constants.md §S9). The rows are the member_prices table's; several hundred rows
 * read for every page would be most of its cost, so they are kept for a minute.
 */
export function createMemberPriceService({ db, clock }: { db: Database; clock: Clock }) {
  let kept: { catalogue: ReturnType<typeof catalogueOf>; readAt: number } | undefined;
  const catalogue = async () => {
    const now = clock.now().getTime();
    // The app's clock, so a test can pass the minute; a clock set back reads the table again.
    if (kept && now >= kept.readAt && now - kept.readAt < PRICES_CACHE_TTL_MS) return kept.catalogue;
    kept = { catalogue: catalogueOf(await listMemberPrices(db)), readAt: now };
    return kept.catalogue;
  };

  return {
    async page(category: string, page: number): Promise<PageAnswer> {
      const { rows, categories, allPrices, version } = await catalogue();
      const all = category === ALL_PRICES.key;
      if (!all && !categories.some((c) => c.key === category)) return { kind: 'no-category' };
      const chosen = all ? allPrices : rows.filter((row) => priceCategoryKey(row.category) === category);
      const pageCount = Math.max(1, Math.ceil(chosen.length / PRICES_PAGE_SIZE));
      if (page > pageCount) return { kind: 'no-page', pageCount };
      const start = (page - 1) * PRICES_PAGE_SIZE;
      return {
        kind: 'page',
        etag: `"prices-${version}-${category}-${page}"`,
        body: {
          category,
          page,
          pageSize: PRICES_PAGE_SIZE,
          pageCount,
          total: chosen.length,
          categories,
          rows: chosen.slice(start, start + PRICES_PAGE_SIZE),
          terms: PRICE_TERMS,
        },
      };
    },
  };
}

/** Adds the member prices of this list that are missing; a row already there stays as it is (start data). */
export async function addMissingMemberPrices(db: Database, rows: Array<typeof memberPrices.$inferInsert>) {
  await insertMissingMemberPrices(db, rows);
}
