import { z } from 'zod';

/**
 * The member-price catalogue (signed-in spec 1, 2.6 "Category radio groups", 3 "Price catalogue row", 9 "Page
 * sizes"): groceries at their member price and their normal price, served a page at a time by the server
 * (ADR 038). Prices are pound strings such as £0.90, as the spec's rows give them.
 */

/** Page sizes: prices 24 items (signed-in spec 9). */
export const PRICES_PAGE_SIZE = 24;

/** The 'all' option of the prices category radio group, and its label (signed-in spec 2.6, 9 "category 'all'"). */
export const ALL_PRICES = { key: 'all', label: 'All Prices' } as const;

/** The categories the spec has seen, in the order the category radio group lists them (signed-in spec 3). */
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

/** For prices the category key is the lowercased category name with whitespace removed (signed-in spec 3). */
export const priceCategoryKey = (name: string) => name.toLowerCase().replace(/\s+/g, '');

/** A pound string such as £0.90. */
const pounds = /* @__PURE__ */ (() => z.string().regex(/^£\d+\.\d{2}$/))();

/**
 * One row (signed-in spec 3 "Price catalogue row"), field by field: Product description, Product image (URL),
 * Nectar Price (the member price), Non-Nectar Price (the normal price), Category, SKU Num., DISCOUNT, BASE PRICE,
 * Calculated (base price minus discount) and the two data-check flags, 1 when they agree.
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

/** The catalogue terms (the PRICES_TNC popup, signed-in spec 2.6): dates as the data gives them. */
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
