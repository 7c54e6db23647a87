import { z } from 'zod';
import type { ErrorCode } from './error-codes.ts';
import { brand } from './brand.ts';
import { emailSchema } from './email.ts';

/** docs/product/switches-and-constants.md §R9 and §S9: a temporary card is valid 30 days from issue. */
export const TEMP_CARD_VALID_DAYS = 30;

/**
 * Emails (first send and re-sends) a temporary card may be sent within TEMP_CARD_SEND_WINDOW_MINUTES. The
 * spec asks for rate-limited re-sends without a figure; three an hour covers a lost or slow email.
 */
export const TEMP_CARD_SEND_LIMIT = 3;
export const TEMP_CARD_SEND_WINDOW_MINUTES = 60;

/**
 * The 'selected partners' a temporary card collects points at (docs/product/signed-in-pages.md §S1, which
 * does not list them): the retailer and the fuel partner are the ones a new member meets first.
 */
export const TEMP_CARD_PARTNERS: readonly string[] = [brand.retailer, brand.fuelPartner];

/**
 * docs/product/registration-and-sign-in.md §R5, 'Temp-card terms checkbox' and 'Temp-card privacy checkbox'.
 */
export const tempCardMessages = {
  termsRequired: 'Confirm you agree before continuing',
  privacyRequired: 'Confirm before continuing',
  /**
   * docs/product/calls-and-errors.md §R8, Duplicate Email: the same words registration uses, so nothing more
   * is disclosed.
   */
  duplicateEmail: 'Please log in.',
  sendLimitReached:
    "You've asked for this email a few times already. Please check your inbox and junk folder, or try again in an hour.",
  expired: 'Your temporary card has expired.',
  upgraded: 'Your temporary card is now your full digital card. Please log in to see it.',
  notFound: "We can't find this card. Please check the link in your email.",
  /** `date` as the member reads it ('22 December 2026'). */
  expiredOn: (date: string) => `Your temporary card expired on ${date}.`,
  /** Something a temporary card may not do (its capabilities, ADR 004). */
  notAvailable:
    "This isn't available with a temporary card. " + `Register for a full ${brand.name} account to use it.`,
} as const;

/**
 * The wording of the two checkboxes. Its version is stored with each consent, so a change of wording means a
 * new version here.
 */
export const TEMP_CARD_WORDING_VERSION = 'temp-card-2026-11';
export const tempCardWording = {
  terms: 'I agree to the Collector Rules for temporary cards.',
  privacy: "I've read the Privacy Policy, and I confirm I'm 18 or over and a UK resident.",
} as const;

/**
 * The consents a temporary card stores, one row each (docs/product/registration-and-sign-in.md §R1: policy,
 * 18 or over, UK resident).
 */
export const TEMP_CARD_CONSENT_KINDS = [
  'temp-card-collector-rules',
  'privacy-policy',
  'age-18-or-over',
  'uk-resident',
] as const;

/** The temp-card email step's form: the email rule plus the two boxes, each with its own message. */
export const tempCardEmailFormSchema = /* @__PURE__ */ (() =>
  z.object({
    email: emailSchema,
    termsAccepted: z.boolean().refine((value) => value, tempCardMessages.termsRequired),
    privacyAccepted: z.boolean().refine((value) => value, tempCardMessages.privacyRequired),
  }))();
export type TempCardEmailForm = z.infer<typeof tempCardEmailFormSchema>;

/**
 * POST /nectar-lite/access-email. The spec shows {email}; the two acknowledgements travel with it because the
 * server stores them as consents and must not record an agreement the browser did not send.
 */
export const accessEmailRequestSchema = /* @__PURE__ */ (() =>
  z.object({
    email: emailSchema,
    termsAccepted: z.literal(true, { error: tempCardMessages.termsRequired }),
    privacyAccepted: z.literal(true, { error: tempCardMessages.privacyRequired }),
  }))();

export const accessEmailResponseSchema = /* @__PURE__ */ (() =>
  z.object({
    status: z.literal('EMAIL_SENT'),
    /** Emails this card may still be sent in the current window, so the page can say when re-sending stops. */
    sendsRemaining: z.number().int().min(0),
  }))();
export type AccessEmailResponse = z.infer<typeof accessEmailResponseSchema>;

/** GET /nectar-lite/card?token= : a live temporary card. Expired or upgraded cards answer 410 instead. */
export const tempCardSchema = /* @__PURE__ */ (() =>
  z.object({
    cardNumber: z.string(),
    /** The card number as a code128 barcode, a PNG in base64, drawn by bwip-js on the server. */
    barcodePng: z.base64(),
    issuedAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    /** Whole days left, counting today; 1 on the last day. */
    daysLeft: z.number().int().min(1),
  }))();
export type TempCard = z.infer<typeof tempCardSchema>;

/** A malformed link says what an unknown one says, never the schema's own words. */
export const tempCardQuerySchema = /* @__PURE__ */ (() =>
  z.object({
    token: z.string().min(16, tempCardMessages.notFound).max(128, tempCardMessages.notFound),
  }))();

/** Error codes the temporary-card calls answer with, besides validation and bot-check failures. */
export const tempCardErrorCodes = {
  duplicateEmail: 'DUPLICATE_EMAIL',
  sendLimitReached: 'TEMP_CARD_SEND_LIMIT',
  expired: 'TEMP_CARD_EXPIRED',
  upgraded: 'TEMP_CARD_UPGRADED',
  notFound: 'TEMP_CARD_NOT_FOUND',
} as const satisfies Record<string, ErrorCode>;
