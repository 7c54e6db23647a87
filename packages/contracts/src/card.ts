import { z } from 'zod';
import { twoFaCodeSchema } from './sign-in.ts';

/** Signed-in spec 7.2: GET /customer-management-api/customer/nectar-id answers the code128 barcode. */
export const nectarIdSchema = z.object({
  data: z.object({
    /** Base64 PNG of the card number as a code128 barcode. */
    code128: z.string(),
  }),
});
export type NectarId = z.infer<typeof nectarIdSchema>;

export const CARD_TYPES = ['CARD', 'KEYTAG'] as const;
/** Signed-in spec 3 'Card replacement types'. */
export const REPLACEMENT_TYPES = ['LOST', 'STOLEN', 'DAMAGED'] as const;
export type ReplacementType = (typeof REPLACEMENT_TYPES)[number];

/** GET /customer-management-api/customer/card: the collector's card (docs/decisions/011). */
export const customerCardSchema = z.object({
  cardNumber: z.string(),
  kind: z.enum(['digital', 'plastic', 'temporary']),
  issuedAt: z.string(),
  expiresAt: z.string().nullable(),
  /** The last replacement or request, so /card-coming can say what is on its way. */
  lastRequest: z
    .object({ reason: z.string(), cardType: z.enum(CARD_TYPES), requestedAt: z.string() })
    .nullable(),
});
export type CustomerCard = z.infer<typeof customerCardSchema>;

/** Recommended screen brightness for scanning (signed-in spec 9). */
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
} as const;

const dateOfBirth = z
  .string()
  .trim()
  .regex(/^\d{1,2}[-/]\d{1,2}[-/]\d{4}$/, 'Enter your date of birth as DD/MM/YYYY');

/**
 * Signed-in spec 7.4: POST /replacement-card/request and /retrieve-card/request {birthDate, lastName,
 * postcode}, anonymous, with the bot-check bearer header.
 */
export const cardLookupRequestSchema = z.object({
  birthDate: dateOfBirth,
  lastName: z.string().trim().min(1, 'Enter your last name').max(60, 'Enter your last name'),
  postcode: z.string().trim().min(5, 'Enter your postcode').max(9, 'Enter your postcode'),
});
export type CardLookupRequest = z.infer<typeof cardLookupRequestSchema>;

/** The answer to a lookup: where the code went, and the token that binds the next step to this request. */
export const cardLookupResponseSchema = z.object({
  encryptedCollectorJwt: z.string(),
  deliveryMethod: z.enum(['email', 'sms']),
  maskedDestination: z.string(),
});
export type CardLookupResponse = z.infer<typeof cardLookupResponseSchema>;

export const retrieveCardValidateSchema = z.object({
  twoFaCode: twoFaCodeSchema,
  encryptedCollectorJwt: z.string().min(10).max(2000),
});
export const replacementCardValidateSchema = retrieveCardValidateSchema.extend({
  replacementType: z.enum(REPLACEMENT_TYPES),
});

/** The card number shown after a retrieve, or the new number after a replacement. */
export const cardNumberResultSchema = z.object({ cardNumber: z.string() });

/** Signed-in POST /replacement-card?replacementType={type}[&cardType=KEYTAG]. */
export const replacementQuerySchema = z.object({
  replacementType: z.enum(REPLACEMENT_TYPES),
  cardType: z.enum(CARD_TYPES).default('CARD'),
});
