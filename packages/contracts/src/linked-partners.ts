import { z } from 'zod';
import { brand } from './brand.ts';
import { wholeNumber } from './numbers.ts';

/**
 * Linked partners and points exchange (docs/product/signed-in-pages.md §S1, §S3 "Linked partner
 * configuration", §S4; docs/product/calls-and-errors.md §S8; docs/product/switches-and-constants.md §S9).
 * Only the service prefixes are defined there (api-prefixes.ts); the paths and payloads below are designed in
 * ADR 013.
 */

export const PARTNER_KINDS = ['airline', 'hotel'] as const;
export type PartnerKind = (typeof PARTNER_KINDS)[number];

/**
 * Partner ids of the two partners (docs/product/signed-in-pages.md §S3: "partner id for airline", "partner id
 * for hotel").
 */
export const PARTNER_IDS = { airline: 'AVIOS', hotel: 'HOTELSCOM' } as const;
export type PartnerId = (typeof PARTNER_IDS)[PartnerKind];
export const partnerIdSchema = /* @__PURE__ */ (() => z.enum([PARTNER_IDS.airline, PARTNER_IDS.hotel]))();

export const LINK_TYPES = ['link', 'join'] as const;
export const CONVERSION_TYPES = ['NECTAR_TO_PARTNER', 'PARTNER_TO_NECTAR'] as const;
export type ConversionType = (typeof CONVERSION_TYPES)[number];
export const MODAL_TYPES = [
  'link_success',
  'unlink_legal',
  'transfer_points',
  'account_locked',
  'partner_account_locked',
] as const;
export const FLOW_STATES = ['ERROR', 'SUCCESS', 'PENDING'] as const;

/**
 * docs/product/switches-and-constants.md §S9: link/unlink cap of 4 per account (and,
 * docs/product/calls-and-errors.md §S8, per partner account and per card).
 */
export const LINK_UNLINK_CAP = 4;
/**
 * Daily limits of a points transfer, per collector and partner (docs/product/calls-and-errors.md §S8 names
 * them; values are ours).
 */
export const DAILY_TRANSFER_COUNT_LIMIT = 5;
export const MAX_POINTS_PER_TRANSFER = 50_000;
export const DAILY_POINTS_LIMIT = 100_000;
/** docs/product/calls-and-errors.md §S8: after contact details change, transfers wait an hour. */
export const CONTACT_CHANGE_COOL_OFF_MS = 3_600_000;

/**
 * Conversion rates. Hotel: base multiplier 0.5, partner multiplier 2
 * (docs/product/switches-and-constants.md §S9): 2 base points make one partner point, one partner point makes
 * 2 base points. Airline: the scheme's usual 400 points to 250 Avios both ways. `step` is the smallest amount
 * (in the points being given) that converts without a remainder.
 */
export const CONVERSION_RATES: Record<
  PartnerKind,
  Record<ConversionType, { numerator: number; denominator: number; step: number }>
> = {
  airline: {
    NECTAR_TO_PARTNER: { numerator: 250, denominator: 400, step: 400 },
    PARTNER_TO_NECTAR: { numerator: 400, denominator: 250, step: 250 },
  },
  hotel: {
    NECTAR_TO_PARTNER: { numerator: 1, denominator: 2, step: 2 },
    PARTNER_TO_NECTAR: { numerator: 2, denominator: 1, step: 1 },
  },
};

/** Points received for `points` given; null when `points` is not a whole number of steps. */
export const convertedPoints = (kind: PartnerKind, type: ConversionType, points: number): number | null => {
  const rate = CONVERSION_RATES[kind][type];
  if (!Number.isSafeInteger(points) || points <= 0 || points % rate.step !== 0) return null;
  return (points * rate.numerator) / rate.denominator;
};

export interface PartnerInfo {
  partnerId: PartnerId;
  kind: PartnerKind;
  name: string;
  /** The partner's own points, e.g. 'Avios'. */
  pointsName: string;
  brandDetailsKey: string;
  /** The partner's member number, as the member knows it. */
  membershipLabel: string;
}

export const PARTNERS: Record<PartnerKind, PartnerInfo> = {
  airline: {
    partnerId: PARTNER_IDS.airline,
    kind: 'airline',
    name: brand.airlinePartner,
    pointsName: 'Avios',
    brandDetailsKey: 'british-airways-avios',
    membershipLabel: 'Membership number',
  },
  hotel: {
    partnerId: PARTNER_IDS.hotel,
    kind: 'hotel',
    name: brand.hotelPartner,
    pointsName: 'Hotels.com points',
    brandDetailsKey: 'hotels-com',
    membershipLabel: 'Rewards account number',
  },
};

export const partnerById = (partnerId: string): PartnerInfo | undefined =>
  PARTNER_KINDS.map((kind) => PARTNERS[kind]).find((partner) => partner.partnerId === partnerId);
export const partnerByBrandKey = (key: string): PartnerInfo | undefined =>
  PARTNER_KINDS.map((kind) => PARTNERS[kind]).find((partner) => partner.brandDetailsKey === key);

const airline = PARTNERS.airline.name;
const hotel = PARTNERS.hotel.name;

/** Exact wording of docs/product/calls-and-errors.md §S8. */
export const UNLINK_ERROR_MESSAGE =
  'Oops! it looks like there was an issue unlinking your account, please try again later';
export const REDEMPTION_LOCK_MESSAGE = "you can't spend points with this account right now";
export const REDEEMED_MESSAGE = "You've redeemed your points!";

/**
 * Every error and success message of the linked partners (docs/product/calls-and-errors.md §S8), one
 * catalogue. Keys are the error codes the server answers; the web app shows `description`, so browser and
 * server always agree.
 */
export const linkedPartnerMessages = {
  airline: {
    ALREADY_LINKED_ELSEWHERE: `This ${airline} account is already linked to another ${brand.name} card. Unlink it there first, or use a different account.`,
    PARTNER_ACCOUNT_CAP: `This ${airline} account has been linked and unlinked ${LINK_UNLINK_CAP} times, which is the most we allow. Please call us if you need help.`,
    CARD_CAP: `Your ${brand.name} card has been linked and unlinked ${LINK_UNLINK_CAP} times, which is the most we allow. Please call us if you need help.`,
    ORIGINAL_MEMBER_NUMBER: `To link again, please log in with the ${airline} membership number you first linked to this card.`,
    UNLINK_FAILED: UNLINK_ERROR_MESSAGE,
    LINK_DETAILS_WRONG: `We couldn't find a ${airline} account with those details. Check them and try again.`,
    PARTNER_UNAVAILABLE: `We can't reach ${airline} right now. Please try again later.`,
    PARTNER_ACCOUNT_LOCKED: `Your ${airline} account is locked, so we can't move points right now. Please contact ${airline}.`,
    TRANSFER_FAILED: `We couldn't convert your points with ${airline}, so nothing has changed. Please try again later.`,
  },
  hotel: {
    MAX_LINKS: `You've linked and unlinked your ${hotel} account ${LINK_UNLINK_CAP} times, which is the most we allow.`,
    EXCEEDED_CAPS: `This card has reached the limit of ${LINK_UNLINK_CAP} links and unlinks with ${hotel}.`,
    LINK_ERROR: `We couldn't link your ${hotel} account. Check your details and try again.`,
    LINK_API: `We can't reach ${hotel} to link your account right now. Please try again later.`,
    UNLINK_TECHNICAL: UNLINK_ERROR_MESSAGE,
    REDEMPTION_ERROR: `We couldn't convert your points with ${hotel}, so nothing has changed. Please try again later.`,
    API_ERROR: `${hotel} isn't answering right now. Please try again later.`,
    ALREADY_LINKED_OTHER: `This ${hotel} account is already linked to another ${brand.name} account.`,
    PREVIOUSLY_LINKED_ONCE: `This ${hotel} account has been linked to another ${brand.name} account before, and an account can only be linked to one.`,
    PARTNER_ACCOUNT_LOCKED: `Your ${hotel} account is locked, so we can't move points right now. Please contact ${hotel}.`,
    /** The hotels session hand-off asked to go to an address off the brand's allow-list. */
    REDIRECT_NOT_ALLOWED: 'That address is not one we can take you to.',
  },
  common: {
    /** A conversion that did not finish: settled within minutes, its points given back. */
    BEING_REFUNDED: (partner: string) =>
      `Your conversion with ${partner} did not finish. If it did not reach ${partner}, your points are being refunded and will be back in your balance within a few minutes.`,
    REDEMPTION_LOCKED: REDEMPTION_LOCK_MESSAGE,
    MAX_TRANSACTION: `You can convert up to ${wholeNumber(MAX_POINTS_PER_TRANSFER)} points at a time and ${wholeNumber(DAILY_POINTS_LIMIT)} points a day.`,
    DAILY_TRANSACTION_LIMIT: `You've reached today's limit of ${DAILY_TRANSFER_COUNT_LIMIT} conversions. Please try again tomorrow.`,
    CONTACT_DETAILS_CHANGED:
      'Your contact details changed recently, so for your security please try again in 1 hour.',
    NOT_LINKED: 'Link your account first, then you can convert points.',
    /** Unlinking an account that is not linked (another tab unlinked it, say). */
    NOT_LINKED_UNLINK: 'This account is not linked to your card, so there is nothing to unlink.',
    ALREADY_LINKED: 'Your account is already linked.',
    NOT_ENOUGH_POINTS: "You don't have enough points for this conversion.",
    NOT_ENOUGH_PARTNER_POINTS: "You don't have enough partner points for this conversion.",
    WRONG_STEP: (step: number) => `Enter a number of points in steps of ${wholeNumber(step)}.`,
    CONVERSION_EXPIRED: 'This conversion has expired. Please start again.',
    PARTNER_NOT_FOUND: 'We could not find that partner.',
    NO_CARD: `You need an active ${brand.name} card to link a partner.`,
  },
  twoFactor: {
    CODE_SENT_EMAIL: (maskedEmail: string) =>
      `We've sent a code to your email ${maskedEmail}. Enter it to confirm your conversion.`,
    CODE_EXPIRED: 'That code has expired. Ask for a new one.',
    CODE_INCORRECT: "That code isn't right. Check it and try again.",
    EXPIRED: 'This confirmation has expired. Please start your conversion again.',
    RESEND_LIMIT: "You've asked for too many codes. Please try again later.",
    MAX_ATTEMPTS: 'Too many wrong codes. Please start your conversion again.',
  },
  success: {
    LINKED: (partner: string) => `Your ${partner} account is now linked.`,
    UNLINKED: (partner: string) => `Your ${partner} account has been unlinked.`,
    RELINKED: (partner: string) => `Welcome back! Your ${partner} account is linked again.`,
    JOINED: (partner: string) => `You've joined ${partner} and your account is now linked.`,
    REDEEMED: REDEEMED_MESSAGE,
    COLLECTED: (points: number) =>
      `${wholeNumber(points)} points have been added to your ${brand.name} balance.`,
  },
} as const;

/** Modal headings and texts (modal types of docs/product/signed-in-pages.md §S3). */
export const modalTexts = {
  link_success: { title: 'Account linked' },
  unlink_legal: {
    title: 'Unlink your account?',
    text: `You can link and unlink an account ${LINK_UNLINK_CAP} times in all. Points you have already converted stay where they are.`,
  },
  transfer_points: { title: 'Convert your points' },
  account_locked: { title: 'Spending is locked', text: REDEMPTION_LOCK_MESSAGE },
  partner_account_locked: { title: 'Partner account locked' },
} as const;

/**
 * Local storage keys of the partner return flow (docs/product/signed-in-pages.md §S3;
 * docs/product/calls-and-errors.md §S8).
 */
export const SP_ERROR = 'SP_ERROR';
export const SP_MESSAGE = 'SP_MESSAGE';

// ----- payloads (ADR 013) -----

export const membershipNumberSchema = /* @__PURE__ */ (() =>
  z
    .string({ error: 'Enter your membership number' })
    .trim()
    .min(1, 'Enter your membership number')
    .regex(/^[A-Za-z0-9]{6,16}$/, 'Enter a membership number of 6 to 16 letters or numbers'))();

export const linkRequestSchema = /* @__PURE__ */ (() =>
  z.discriminatedUnion('linkType', [
    z.object({
      linkType: z.literal('link'),
      membershipNumber: membershipNumberSchema,
      lastName: z
        .string({ error: 'Enter your last name' })
        .trim()
        .min(1, 'Enter your last name')
        .max(60, 'Enter at most 60 characters'),
    }),
    z.object({ linkType: z.literal('join') }),
  ]))();
export type LinkRequest = z.infer<typeof linkRequestSchema>;

export const linkedAccountSchema = /* @__PURE__ */ (() =>
  z.object({
    membershipNumberMasked: z.string(),
    linkedAt: z.string(),
    linkType: z.enum(LINK_TYPES),
    partnerBalance: z.number().int().nullable(),
  }))();

export const transferSchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    partnerId: partnerIdSchema,
    conversionType: z.enum(CONVERSION_TYPES),
    direction: z.enum(['PTN', 'NTP']),
    pointsGiven: z.number().int(),
    pointsReceived: z.number().int(),
    status: z.enum(['PENDING', 'SUCCESS', 'FAILED']),
    createdAt: z.string(),
  }))();
export type Transfer = z.infer<typeof transferSchema>;

export const partnerStatusSchema = /* @__PURE__ */ (() =>
  z.object({
    partnerId: partnerIdSchema,
    kind: z.enum(PARTNER_KINDS),
    name: z.string(),
    pointsName: z.string(),
    brandDetailsKey: z.string(),
    membershipLabel: z.string(),
    linked: linkedAccountSchema.nullable(),
    linkUnlinkCount: z.number().int(),
    linkUnlinkCap: z.number().int(),
    transfersToday: z.number().int(),
    pointsToday: z.number().int(),
    /** Conversions that did not finish (the process stopped mid-way): being checked and refunded by a job. */
    pendingTransfers: z.array(transferSchema),
  }))();
export type PartnerStatus = z.infer<typeof partnerStatusSchema>;

export const linkedPartnersResponseSchema = /* @__PURE__ */ (() =>
  z.object({
    partners: z.array(partnerStatusSchema),
    nectarBalance: z.number().int(),
    redemptionLocked: z.boolean(),
  }))();
export type LinkedPartnersResponse = z.infer<typeof linkedPartnersResponseSchema>;

/** POST /points-exchange-api/conversions/twofa/resend: a new code is on its way. */
export const conversionCodeResentSchema = /* @__PURE__ */ (() => z.object({ message: z.string() }))();

/**
 * GET /customer-management-api/customer/session/hotels (docs/product/signed-in-pages.md §S4): the hotels
 * partner's session.
 */
export const hotelsSessionSchema = /* @__PURE__ */ (() =>
  z.object({
    token: z.string(),
    expiresAt: z.string(),
    redirectUrl: z.string().optional(),
  }))();

export const flowResultSchema = /* @__PURE__ */ (() =>
  z.object({
    state: z.enum(FLOW_STATES),
    message: z.string(),
    modal: z.enum(MODAL_TYPES).nullable(),
  }))();
export type FlowResult = z.infer<typeof flowResultSchema>;

const pointsRule = (points: z.ZodNumber | z.ZodCoercedNumber) =>
  points
    .int('Enter a whole number of points')
    .min(1, 'Enter the number of points')
    .max(10_000_000, 'Enter a smaller number');

/** Points in a request body: a JSON number, never a string read as one. */
export const pointsSchema = /* @__PURE__ */ (() =>
  pointsRule(z.number({ error: 'Enter the number of points' })))();
/** Points as typed in the conversion form: the text read as a number, then the same rule. */
export const pointsInputSchema = /* @__PURE__ */ (() =>
  pointsRule(z.coerce.number({ error: 'Enter the number of points' })))();

export const conversionStartSchema = /* @__PURE__ */ (() =>
  z.object({
    partnerId: partnerIdSchema,
    conversionType: z.enum(CONVERSION_TYPES),
    points: pointsSchema,
  }))();
export type ConversionStart = z.infer<typeof conversionStartSchema>;

export const conversionChallengeSchema = /* @__PURE__ */ (() =>
  z.object({
    conversionToken: z.string(),
    deliveryMethod: z.enum(['email', 'sms']),
    maskedDestination: z.string(),
    message: z.string(),
    pointsGiven: z.number().int(),
    pointsReceived: z.number().int(),
  }))();
export type ConversionChallenge = z.infer<typeof conversionChallengeSchema>;

export const conversionTokenSchema = /* @__PURE__ */ (() =>
  z.string().regex(/^[\w-]{20,100}$/, 'This conversion has expired.'))();

export const conversionConfirmSchema = /* @__PURE__ */ (() =>
  z.object({
    conversionToken: conversionTokenSchema,
    twoFaCode: z
      .string({ error: 'Enter the code we sent you' })
      .trim()
      .regex(/^\d{6}$/, 'Enter the 6-digit code we sent you'),
  }))();

export const conversionResultSchema = /* @__PURE__ */ (() =>
  flowResultSchema.extend({
    transfer: transferSchema,
    nectarBalance: z.number().int(),
    partnerBalance: z.number().int().nullable(),
  }))();
export type ConversionResult = z.infer<typeof conversionResultSchema>;

/** Sandbox failure modes (tester tooling, ADR 013). */
export const SANDBOX_FAILURES = ['none', 'error', 'timeout', 'slow', 'locked'] as const;
export type SandboxFailure = (typeof SANDBOX_FAILURES)[number];
