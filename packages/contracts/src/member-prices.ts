import { z } from 'zod';

/**
 * The member-price catalogue (docs/product/signed-in-pages.md §S1, §S2.6 "Category radio groups", §S3 "Price
 * catalogue row"; docs/product/switches-and-constants.md §S9 "Page sizes"): groceries at their member price
 * and their normal price, served a page at a time by the server (ADR 038). Prices are pound strings such as
 * £0.90, as the catalogue's rows give them.
 */

/** Page sizes: prices 24 items (docs/product/switches-and-constants.md §S9). */
export const PRICES_PAGE_SIZE = 24;

/**
 * The 'all' option of the prices category radio group, and its label (docs/product/signed-in-pages.md §S2.6;
 * docs/product/switches-and-constants.md §S9 "category 'all'").
 */
export const ALL_PRICES = { key: 'all', label: 'All Prices' } as const;

/**
 * The categories seen so far (docs/product/signed-in-pages.md §S3), in the order the category radio group
 * lists them.
 */
export const PRICE_CATEGORIES = [
  'Bakery',
  'Drinks',
  'Food cupboard',
  'Frozen',
  'Fruit & vegetables',
  'Household',
  'Meat & fish',
  'On the go',
  'Ready meals',
  'Toiletries & health',
] as const;
export type PriceCategoryName = (typeof PRICE_CATEGORIES)[number];

/**
 * For prices the category key is the lowercased category name with whitespace removed
 * (docs/product/signed-in-pages.md §S3).
 */
export const priceCategoryKey = (name: string) => name.toLowerCase().replace(/\s+/g, '');

/** The price catalogue's answers to a category or page it does not have. */
export const memberPricesMessages = {
  categoryNotFound: 'There is no such price category.',
  pageNotFound: (pageCount: number) => `There are ${pageCount} pages of prices.`,
} as const;

/** A pound string such as £0.90. */
const pounds = /* @__PURE__ */ (() => z.string().regex(/^£\d+\.\d{2}$/))();

/**
 * One row (docs/product/signed-in-pages.md §S3 "Price catalogue row"), field by field: Product description,
 * Product image (URL), Nectar Price (the member price), Non-Nectar Price (the normal price), Category, SKU
 * Num., DISCOUNT, BASE PRICE, Calculated (base price minus discount) and the two data-check flags, 1 when
 * they agree.
 */
export const priceRowSchema = /* @__PURE__ */ (() =>
  z.object({
    productDescription: z.string(),
    productImage: z.string(),
    memberPrice: pounds,
    normalPrice: pounds,
    category: z.enum(PRICE_CATEGORIES),
    sku: z.string(),
    discount: pounds,
    basePrice: pounds,
    calculated: pounds,
    /** MATCH Nectar & Discount: 1 when the member price equals Calculated (base price minus discount). */
    matchMemberPriceAndDiscount: z.union([z.literal(0), z.literal(1)]),
    /** MATCH Non-Nectar & Base Price: 1 when the normal price equals the base price. */
    matchNormalPriceAndBasePrice: z.union([z.literal(0), z.literal(1)]),
  }))();
export type PriceRow = z.infer<typeof priceRowSchema>;

/**
 * The catalogue terms (the PRICES_TNC popup, docs/product/signed-in-pages.md §S2.6): dates as the data gives
 * them.
 */
export const priceTermsSchema = /* @__PURE__ */ (() =>
  z.object({
    title: z.string(),
    validFrom: z.string(),
    validTo: z.string(),
    paragraphs: z.array(z.string()),
  }))();
export type PriceTerms = z.infer<typeof priceTermsSchema>;

export const priceCataloguePageSchema = /* @__PURE__ */ (() =>
  z.object({
    /** 'all' or a category key. */
    category: z.string(),
    page: z.number().int(),
    pageSize: z.literal(PRICES_PAGE_SIZE),
    pageCount: z.number().int(),
    /** Rows in the chosen category (or in all). */
    total: z.number().int(),
    /** One per distinct category of the catalogue, in the radio group's order. */
    categories: z.array(z.object({ key: z.string(), name: z.string(), count: z.number().int() })),
    rows: z.array(priceRowSchema),
    terms: priceTermsSchema,
  }))();
export type PriceCataloguePage = z.infer<typeof priceCataloguePageSchema>;

export const priceCatalogueQuerySchema = /* @__PURE__ */ (() =>
  z.object({
    category: z.string().max(40).default(ALL_PRICES.key),
    page: z.coerce.number().int().min(1).max(1000).default(1),
  }))();

/** Paths not shown by the spec: a public read beside the documents (ADR 038). No zod needed by callers. */
export const memberPricesPaths = {
  catalogue: '/documents-api/member-prices/catalogue.json',
} as const;
