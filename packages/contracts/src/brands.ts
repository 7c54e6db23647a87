import { z } from 'zod';

/**
 * Brands and eShops (docs/product/signed-in-pages.md §S1, §S3 "Brand";
 * docs/product/calls-and-errors.md §S7.1). A brand has brandDetailsKey, name, imageUrls.logoImageUrl and
 * isVldx (the eShop flag); brand responses hold the lists `brands` and `categories`, and a category has a
 * key. The rest of the fields are our design (ADR 013).
 */

/** The brand categories; the spec names none, so these are the shelves a member would expect (ADR 013). */
export const BRAND_CATEGORIES = [
  { key: 'travel', name: 'Travel' },
  { key: 'fashion', name: 'Fashion' },
  { key: 'home-and-garden', name: 'Home & garden' },
  { key: 'food-and-drink', name: 'Food & drink' },
  { key: 'electronics', name: 'Electronics' },
  { key: 'health-and-beauty', name: 'Health & beauty' },
  { key: 'entertainment', name: 'Entertainment' },
  { key: 'gifts-and-flowers', name: 'Gifts & flowers' },
  { key: 'sports-and-outdoors', name: 'Sports & outdoors' },
  { key: 'money-and-utilities', name: 'Money & utilities' },
] as const;

/**
 * How long brand search waits after a key press before it filters. docs/product/switches-and-constants.md §S9
 * lists a 3000 ms search debounce; we want the list to filter while the member types, so it waits a pause
 * between key presses, not a stop (ADR 013, amended).
 */
export const BRAND_SEARCH_DEBOUNCE_MS = 250;

/** The brands pages' messages, and the server's answers about a brand. */
export const brandsMessages = {
  notFound: "We couldn't find that brand.",
  /** Spending asked of a brand where points cannot be spent. */
  noRedeem: (brandName: string) => `You can't spend points with ${brandName}.`,
} as const;

export const brandKeySchema = /* @__PURE__ */ (() =>
  z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'Enter a valid brand key'))();

export const brandCategorySchema = /* @__PURE__ */ (() =>
  z.object({
    key: z.string(),
    name: z.string(),
    /** How many brands sit in this category. */
    brandCount: z.number().int(),
  }))();
export type BrandCategory = z.infer<typeof brandCategorySchema>;

export const brandBonusSchema = /* @__PURE__ */ (() =>
  z.object({
    /** e.g. 'Double points on every order'. */
    title: z.string(),
    description: z.string(),
    endsAt: z.string().nullable(),
  }))();

export const brandSchema = /* @__PURE__ */ (() =>
  z.object({
    brandDetailsKey: z.string(),
    name: z.string(),
    imageUrls: z.object({ logoImageUrl: z.string() }),
    /**
     * eShop flag (docs/product/signed-in-pages.md §S3): points are collected by shopping through the scheme's
     * eShop link.
     */
    isVldx: z.boolean(),
    categoryKeys: z.array(z.string()),
    /** One line a member reads on a card, such as '2 points per £1'. */
    collectRate: z.string(),
    /** How points are spent there, such as '200 points = £1 off fuel'; null where they cannot be. */
    spendRate: z.string().nullable(),
    /** Whether points can be collected (collect panel) and spent or converted (redeem panel). */
    collect: z.boolean(),
    redeem: z.boolean(),
    description: z.string(),
    bonus: brandBonusSchema.nullable(),
    /** Set for the two linked partners (airline and hotel): their pages offer linking and conversion. */
    linkedPartnerId: z.string().nullable(),
  }))();
export type Brand = z.infer<typeof brandSchema>;

export const brandsResponseSchema = /* @__PURE__ */ (() =>
  z.object({
    brands: z.array(brandSchema),
    categories: z.array(brandCategorySchema),
  }))();
export type BrandsResponse = z.infer<typeof brandsResponseSchema>;

/**
 * GET /anonymous-nectar-brands-api/brands[?keys=a,b]: the anonymous brands lookup of
 * docs/product/calls-and-errors.md §R7 ("reads brands"; its path is not shown, ADR 037). A list of brands,
 * each with brandDetailsKey, name and imageUrls.logoImageUrl only
 * (docs/product/registration-and-sign-in.md §R3): what a signed-out page shows of a brand. With keys, those
 * brands in that order (an unknown key is left out); without, every brand.
 */
export const brandLookupQuerySchema = /* @__PURE__ */ (() =>
  z.object({
    keys: z
      .string()
      .max(400)
      .regex(/^[a-z0-9-]+(,[a-z0-9-]+)*$/, 'keys is a comma list of brand keys')
      .optional(),
  }))();
export const brandLookupItemSchema = /* @__PURE__ */ (() =>
  brandSchema.pick({ brandDetailsKey: true, name: true, imageUrls: true }))();
export const brandLookupResponseSchema = /* @__PURE__ */ (() =>
  z.object({ brands: z.array(brandLookupItemSchema) }))();

export const categoriesResponseSchema = /* @__PURE__ */ (() =>
  z.object({ categories: z.array(brandCategorySchema) }))();

export const BRAND_PANEL_TYPES = ['collect', 'redeem'] as const;
export type BrandPanelType = (typeof BRAND_PANEL_TYPES)[number];
export const brandPanelResponseSchema = /* @__PURE__ */ (() =>
  z.object({
    type: z.enum(BRAND_PANEL_TYPES),
    title: z.string(),
    brands: z.array(brandSchema),
  }))();

export const brandBonusResponseSchema = /* @__PURE__ */ (() =>
  z.object({
    brandDetailsKey: z.string(),
    bonus: brandBonusSchema.nullable(),
  }))();

/** GET /post/{key}?direction=: the member leaves for the brand's site to collect or to spend points. */
export const POST_DIRECTIONS = ['collect', 'redeem'] as const;
export const brandPostResponseSchema = /* @__PURE__ */ (() =>
  z.object({
    brandDetailsKey: z.string(),
    direction: z.enum(POST_DIRECTIONS),
    /** The tracked exit address: the brand's site with the scheme's click reference. */
    url: z.string(),
    clickReference: z.string(),
  }))();

/** The search the web app and the server agree on: case- and accent-insensitive, on the name. */
export const normaliseBrandSearch = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

export const brandMatches = (brandName: string, query: string) => {
  const q = normaliseBrandSearch(query);
  return q === '' || normaliseBrandSearch(brandName).includes(q);
};
