import { z } from 'zod';
import { lastNameSchema, parseCalendarDate, postcodeSchema } from './personal-details.ts';
import { twoFaCodeSchema } from './sign-in.ts';

/**
 * docs/product/calls-and-errors.md §S7.2: GET /customer-management-api/customer/nectar-id answers the code128
 * barcode.
 */
export const nectarIdSchema = /* @__PURE__ */ (() =>
  z.object({
    data: z.object({
      /** Base64 PNG of the card number as a code128 barcode. */
      code128: z.string(),
    }),
  }))();

export const CARD_TYPES = ['CARD', 'KEYTAG'] as const;
export type CardType = (typeof CARD_TYPES)[number];
/** docs/product/signed-in-pages.md §S3 'Card replacement types'. */
export const REPLACEMENT_TYPES = ['LOST', 'STOLEN', 'DAMAGED'] as const;
export type ReplacementType = (typeof REPLACEMENT_TYPES)[number];

/** GET /customer-management-api/customer/card: the collector's card (docs/decisions/011). */
export const customerCardSchema = /* @__PURE__ */ (() =>
  z.object({
    cardNumber: z.string(),
    kind: z.enum(['digital', 'plastic', 'temporary']),
    issuedAt: z.string(),
    expiresAt: z.string().nullable(),
    /** The last replacement or request, so /card-coming can say what is on its way. */
    lastRequest: z
      .object({ reason: z.string(), cardType: z.enum(CARD_TYPES), requestedAt: z.string() })
      .nullable(),
  }))();
export type CustomerCard = z.infer<typeof customerCardSchema>;

/** Recommended screen brightness for scanning (docs/product/switches-and-constants.md §S9). */
export const RECOMMENDED_BRIGHTNESS_PERCENT = 80;

export const cardMessages = {
  scanHeading: 'Scan',
  scanText: "Here's a bigger barcode, it might help if you're having trouble scanning.",
  brightness: 'Set screen brightness to 80% or higher for best results.',
  howToUse: 'How do I use my card?',
  cardHelpHeading: 'Your card is...',
  notWithYou: 'Currently not with you',
  lostOrStolen: 'Lost or stolen',
  detailsNotFound: "We couldn't find a card with those details. Please check them and try again.",
  replaced: 'Your old card has been cancelled. Your new card number is ready, and your points came with it.',
  keyTagUnavailable: "Key tags aren't available at the moment. Choose a card instead.",
  noCard: 'There is no card on this account.',
  /** A replaced, cancelled or expired card, for anything it is asked to do. */
  notActive: 'This card can no longer be used.',
  /** Points for a card that is no longer the member's live one. */
  cannotCollect: 'This card can no longer collect points.',
  notRecognised: 'Card not recognised.',
  /** The developer tools, given a card number that no card has. */
  numberUnknown: 'There is no card with that number.',
} as const;

/**
 * Messages of the card lookup's date field (the page's own; docs/product/signed-in-pages.md §S5 gives the
 * rule, not the words).
 */
export const cardLookupMessages = {
  birthDate: 'Enter your date of birth',
  birthDateFormat: 'Enter your date of birth as DD/MM/YYYY',
} as const;

/**
 * docs/product/calls-and-errors.md §S7.4: POST /replacement-card/request and /retrieve-card/request
 * {birthDate, lastName, postcode}, anonymous, with the bot-check bearer header. The date is a real calendar
 * date (docs/product/signed-in-pages.md §S5, d/m/yyyy), the last name follows the name rule and the postcode
 * is a UK postcode, on the server as in the form.
 */
export const cardLookupRequestSchema = /* @__PURE__ */ (() =>
  z.object({
    birthDate: z
      .string({ error: cardLookupMessages.birthDate })
      .trim()
      .min(1, { error: cardLookupMessages.birthDate, abort: true })
      .refine((value) => parseCalendarDate(value) !== undefined, cardLookupMessages.birthDateFormat),
    lastName: lastNameSchema,
    postcode: postcodeSchema,
  }))();
export type CardLookupRequest = z.infer<typeof cardLookupRequestSchema>;

/** The answer to a lookup: where the code went, and the token that binds the next step to this request. */
export const cardLookupResponseSchema = /* @__PURE__ */ (() =>
  z.object({
    encryptedCollectorJwt: z.string(),
    deliveryMethod: z.enum(['email', 'sms']),
    maskedDestination: z.string(),
  }))();
export type CardLookupResponse = z.infer<typeof cardLookupResponseSchema>;

export const retrieveCardValidateSchema = /* @__PURE__ */ (() =>
  z.object({
    twoFaCode: twoFaCodeSchema,
    encryptedCollectorJwt: z.string().min(10).max(2000),
  }))();
export const replacementCardValidateSchema = /* @__PURE__ */ (() =>
  retrieveCardValidateSchema.extend({
    replacementType: z.enum(REPLACEMENT_TYPES),
  }))();

/** The card number shown after a retrieve, or the new number after a replacement. */
export const cardNumberResultSchema = /* @__PURE__ */ (() => z.object({ cardNumber: z.string() }))();

/** Signed-in POST /replacement-card?replacementType={type}[&cardType=KEYTAG]. */
export const replacementQuerySchema = /* @__PURE__ */ (() =>
  z.object({
    replacementType: z.enum(REPLACEMENT_TYPES),
    cardType: z.enum(CARD_TYPES).default('CARD'),
  }))();
