import { z } from 'zod';
import { brand } from './brand.ts';
import { compareText } from './text-order.ts';

/** Offer vocabulary of docs/product/signed-in-pages.md §S3 (Offer) and §S4 (offer states). */
export const offerSourceTypes = ['PIANO', 'COALITION', 'NECTAR_PRICE'] as const;
export const offerTypes = [
  'PRODUCT',
  'POINTS_MULTIPLIER',
  'BARCODE',
  'TRIGGER',
  'BASKET',
  'OPTIN',
  'CALL',
  'COUPON',
  'OPTIN_VISIT_WEBSITE',
  'ONLINE',
  'PROMO',
] as const;
export const offerStates = ['LOADED', 'UNLOADED', 'OPTEDIN', 'NOTOPTEDIN', 'HIDDEN', 'PINNED'] as const;
export type OfferSourceType = (typeof offerSourceTypes)[number];
export type OfferState = (typeof offerStates)[number];

/**
 * Image widths of the responsive versions (docs/product/switches-and-constants.md §S9: 288 to 1360 pixels).
 */
export const OFFER_IMAGE_WIDTHS = [288, 400, 576, 768, 1024, 1360] as const;
/** Offers on screen are reported as seen on this interval (docs/product/switches-and-constants.md §S9). */
export const OFFER_SEEN_INTERVAL_MS = 1000;

// Every schema is built in a pure call, so that a page that needs only a constant or a helper of this module
// (the homepage's offer cards) does not load zod.
const imageVersionSchema = /* @__PURE__ */ (() => z.object({ width: z.number().int(), url: z.string() }))();

export const offerSchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    sourceType: z.enum(offerSourceTypes),
    type: z.enum(offerTypes),
    state: z.enum(offerStates),
    status: z.literal('LOCKED').optional(),
    isBookmarked: z.boolean(),
    title: z.string(),
    description: z.string(),
    sponsorDisplayName: z.string(),
    howTo: z.string(),
    category: z.object({ key: z.string(), name: z.string() }),
    partnerId: z.string().nullable(),
    points: z.number().int().nullable(),
    validFrom: z.string(),
    validTo: z.string(),
    terms: z.string(),
    imgUrls: z.object({
      imageUrl: z.object({ url: z.string(), versions: z.array(imageVersionSchema) }),
      sponsorImageUrl: z.string().nullable(),
    }),
    imageUrls: z.object({ logoImageUrl: z.string().nullable(), detailImageUrl: z.string() }),
    /** When the collector saved it (loaded or bookmarked); null when not saved. Ours: sorts saved offers. */
    savedAt: z.string().nullable(),
    /** Ours: a partner's till paid it out to this member (the partner API); absent until it did. */
    paidOut: z.literal(true).optional(),
  }))();
export type Offer = z.infer<typeof offerSchema>;

/**
 * What a list carries of each offer: everything but the two long texts (how to get it, terms), which the
 * details call answers. Half the bytes of a list.
 */
export const offerSummarySchema = /* @__PURE__ */ (() => offerSchema.omit({ howTo: true, terms: true }))();
export type OfferSummary = z.infer<typeof offerSummarySchema>;

export const offersResponseSchema = /* @__PURE__ */ (() =>
  z.object({ offers: z.array(offerSummarySchema), timestamp: z.string() }))();

/** PUT /offer/state: personalised offers (docs/product/calls-and-errors.md §S7.5). */
export const offerStateUpdateSchema = /* @__PURE__ */ (() =>
  z.object({
    offers: z
      .array(
        z.object({
          id: z.string().min(1).max(64),
          state: z.enum(['LOADED', 'UNLOADED', 'HIDDEN', 'PINNED']),
        }),
      )
      .min(1)
      .max(100),
  }))();
/** PUT /coalition/offer/state: partner offers, with offerId and partnerId for one partner. */
export const coalitionOfferStateUpdateSchema = /* @__PURE__ */ (() =>
  z.object({
    offers: z
      .array(
        z.object({
          id: z.string().min(1).max(64),
          state: z.enum(['OPTEDIN', 'NOTOPTEDIN']),
          offerId: z.string().min(1).max(64),
          partnerId: z.string().min(1).max(64),
        }),
      )
      .min(1)
      .max(100),
  }))();

/** The answer to either state change: each offer with its new state. */
export const offerStateResultSchema = /* @__PURE__ */ (() =>
  z.object({ offers: z.array(z.object({ id: z.string(), state: z.string() })) }))();

export const offerSeenSchema = /* @__PURE__ */ (() =>
  z.object({ offerIds: z.array(z.string().min(1).max(64)).min(1).max(200) }))();

export const balanceSchema = /* @__PURE__ */ (() =>
  z.object({ balance: z.number().int(), pointsValue: z.string() }))();

export const offerErrors = {
  notAssigned: 'This offer is not available to you.',
  expired: 'This offer has ended.',
  locked: 'This offer is locked.',
  transition: (from: string, to: string) => `An offer that is ${from} cannot become ${to}.`,
  memberPrices: 'Member prices are for digitally registered members aged 18 or over.',
  temporaryCard: 'Register for a full account to use this offer.',
  /** An offer anyone may see (a partner offer, a preview) that is not live, or not there. */
  notPublic: 'This offer is not available.',
  previewInvalid: 'This preview link has expired or is not valid.',
  /** The operator's preview command, given an id the catalogue does not have. */
  unknownOffer: (offerId: string) => `There is no offer ${offerId}.`,
  imageWidth: 'No image at that width.',
  imageNotFound: 'No such offer image.',
  /** A partner offer's state change names the offer twice and its partner: they must agree. */
  idsMismatch: 'offerId and partnerId must match the offer.',
  bookmarkPartnerOnly: 'Only partner offers can be bookmarked.',
} as const;

/**
 * GET /offer-filters/{id} (docs/product/calls-and-errors.md §S7.5): the category choices of one offer list.
 */
export const OFFER_FILTER_IDS = ['bonus', `your-${brand.slug}-prices`, 'partners'] as const;
export type OfferFilterId = (typeof OFFER_FILTER_IDS)[number];
export const offerFilterSource = (id: OfferFilterId): OfferSourceType =>
  id === 'bonus' ? 'PIANO' : id === 'partners' ? 'COALITION' : 'NECTAR_PRICE';

const categorySchema = /* @__PURE__ */ (() => z.object({ key: z.string(), name: z.string() }))();
export const offerFiltersSchema = /* @__PURE__ */ (() =>
  z.object({ id: z.string(), categories: z.array(categorySchema) }))();

/**
 * The distinct categories of some offers, by name (docs/product/signed-in-pages.md §S2.6 category radio
 * groups).
 */
export const categoriesOf = (offers: readonly Pick<Offer, 'category'>[]) =>
  [...new Map(offers.map((offer) => [offer.category.key, offer.category.name])).entries()]
    .sort((a, b) => compareText(a[1], b[1]))
    .map(([key, name]) => ({ key, name }));
