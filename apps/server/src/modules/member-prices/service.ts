import { createHash } from 'node:crypto';
import {
  ALL_PRICES,
  PRICES_PAGE_SIZE,
  priceCategoryKey,
  type PriceCataloguePage,
  type PriceRow,
  type PriceTerms,
} from '@app/contracts/member-prices';
import { brand } from '@app/contracts/brand';
import { buildPriceCatalogue, priceCategoryList } from './catalogue.ts';

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

/**
 * The rules of the catalogue: filter by category key, page by 24 (docs/product/signed-in-pages.md §S2.6, §S3;
 * docs/product/switches-and-constants.md §S9).
 */
export function createMemberPriceService(rows = buildPriceCatalogue()) {
  const categories = priceCategoryList(rows);
  const allPrices = inTurnsByCategory(rows);
  // One version for the whole catalogue: every page's ETag changes when any row does.
  const version = createHash('sha256')
    .update(JSON.stringify([rows, PRICE_TERMS]))
    .digest('base64url')
    .slice(0, 16);

  return {
    rows,
    page(category: string, page: number): PageAnswer {
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
