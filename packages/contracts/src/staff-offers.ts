import { z } from 'zod';
import { offerRuleSchema } from './offer-rules.ts';
import { POINTS_PER_POUND } from './vouchers.ts';

/**
 * Offers and campaigns made in the staff console (docs/staff-console.md "Offers and campaigns"): what a marketer
 * writes, who it reaches, its life from draft to ended with a second person's approval, and what it earned and
 * cost. The server checks every rule here on every call; the console's forms use the same schemas.
 */

/** What the offers table stores; the console shows the lifecycle `offerLifecycle` derives from it and the dates. */
export const OFFER_STATUSES = ['draft', 'submitted', 'approved', 'paused', 'ended'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** The lifecycle a person reads: draft → awaiting approval → scheduled → live → ended, or paused. */
export const OFFER_LIFECYCLES = [
  'draft',
  'awaiting-approval',
  'scheduled',
  'live',
  'paused',
  'ended',
] as const;
export type OfferLifecycle = (typeof OFFER_LIFECYCLES)[number];

export const OFFER_LIFECYCLE_LABELS: Record<OfferLifecycle, string> = {
  draft: 'Draft',
  'awaiting-approval': 'Awaiting approval',
  scheduled: 'Scheduled',
  live: 'Live',
  paused: 'Paused',
  ended: 'Ended',
};

export function offerLifecycle(
  offer: { status: OfferStatus; validFrom: Date | string; validTo: Date | string },
  now: Date,
): OfferLifecycle {
  if (offer.status === 'draft') return 'draft';
  if (offer.status === 'submitted') return 'awaiting-approval';
  if (offer.status === 'paused') return 'paused';
  if (offer.status === 'ended') return 'ended';
  if (now.getTime() < new Date(offer.validFrom).getTime()) return 'scheduled';
  if (now.getTime() > new Date(offer.validTo).getTime()) return 'ended';
  return 'live';
}

/** The three kinds a marketer makes, and the source type each is in the member's offers. */
export const OFFER_KINDS = {
  bonus: { label: 'Personalised bonus offer', sourceType: 'PIANO' },
  partner: { label: 'Partner offer', sourceType: 'COALITION' },
  'member-price': { label: 'Member price', sourceType: 'NECTAR_PRICE' },
} as const;
export type OfferKind = keyof typeof OFFER_KINDS;
export const offerKindSchema = /* @__PURE__ */ (() =>
  z.enum(Object.keys(OFFER_KINDS) as [OfferKind, ...OfferKind[]]))();

/**
 * The rules a segment is built from, over what the product knows of each member (kept in a nightly summary, so a
 * count at 1 million members answers in well under 2 seconds). A segment is every rule at once (and).
 */
export const segmentRuleSchema = /* @__PURE__ */ (() =>
  z.discriminatedUnion('rule', [
    /** Collected points at the fuel partner in the last `days` days. */
    z.object({ rule: z.literal('fuel-shopper'), days: z.number().int().min(1).max(365) }),
    /** Collected nothing anywhere in the last `days` days (lapsing members). */
    z.object({ rule: z.literal('no-shop'), days: z.number().int().min(1).max(365) }),
    /** Joined in the last `days` days. */
    z.object({ rule: z.literal('joined-within'), days: z.number().int().min(1).max(365) }),
    /** A balance above `points`. */
    z.object({ rule: z.literal('balance-above'), points: z.number().int().min(0).max(10_000_000) }),
    /** Has an airline account linked. */
    z.object({ rule: z.literal('airline-linked') }),
  ]))();
export type SegmentRule = z.infer<typeof segmentRuleSchema>;

/** How a rule reads in the console and in the audit trail. */
export function describeSegmentRule(rule: SegmentRule, fuelPartner: string, airline: string): string {
  switch (rule.rule) {
    case 'fuel-shopper':
      return `Shopped at ${fuelPartner} in the last ${rule.days} days`;
    case 'no-shop':
      return `No shop in the last ${rule.days} days`;
    case 'joined-within':
      return `Joined in the last ${rule.days} days`;
    case 'balance-above':
      return `Balance above ${rule.points.toLocaleString('en-GB')} points`;
    case 'airline-linked':
      return `Has a linked ${airline} account`;
  }
}

export const MAX_SEGMENT_RULES = 5;

/** Who gets an offer: everyone, a segment, or a list of cards uploaded as CSV (kept in its own table). */
export const offerAudienceSchema = /* @__PURE__ */ (() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('everyone') }),
    z.object({ kind: z.literal('segment'), rules: z.array(segmentRuleSchema).min(1).max(MAX_SEGMENT_RULES) }),
    z.object({ kind: z.literal('list') }),
  ]))();
export type OfferAudience = z.infer<typeof offerAudienceSchema>;

/** The most card numbers one uploaded list may hold, and the most bytes of its file. */
export const MAX_AUDIENCE_LIST_ROWS = 100_000;
export const MAX_AUDIENCE_LIST_BYTES = 2 * 1024 * 1024;
/** The largest picture a marketer may upload, and the types accepted (checked by content, not by name). */
export const MAX_OFFER_UPLOAD_BYTES = 512 * 1024;
export const OFFER_UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/**
 * The most live personalised (bonus) offers a member sees at once: the ones they loaded or pinned first, then
 * those ending soonest. The specifications give no number; this follows the scheme's weekly personalised offers
 * (docs/staff-console.md "Offers and campaigns").
 */
export const MAX_PERSONALISED_OFFERS_SHOWN = 40;

/** What a point costs the scheme when spent, in pence: 200 points are £1 at the till. */
export const POINT_VALUE_PENCE = 100 / POINTS_PER_POUND;

const text = (max: number) => z.string().trim().min(1).max(max);

/** An offer as a marketer writes it: every field of the draft, checked the same way in the form and the server. */
export const offerDraftSchema = /* @__PURE__ */ (() =>
  z
    .object({
      kind: offerKindSchema,
      /** The partner that runs a partner offer (an offer partner's id); null for the retailer's own. */
      partnerId: z.string().trim().min(1).max(40).nullable(),
      campaign: z.string().trim().max(80).nullable(),
      title: text(120),
      description: text(300),
      /** How to get it, shown on the offer's page (plain text; paragraphs split by blank lines). */
      howTo: text(2_000),
      terms: text(4_000),
      category: z.object({ key: text(40), name: text(60) }),
      /** A picture of the library (its key) or an upload (`upload:<id>`); null for the category's picture. */
      picture: z.string().trim().min(1).max(60).nullable(),
      /** What the till pays out on; null for an offer no till pays (a travel partner's). */
      rule: offerRuleSchema.nullable(),
      /** The points the offer shows, when it names a fixed number. */
      points: z.number().int().min(1).max(1_000_000).nullable(),
      maxPerMember: z.number().int().min(1).max(100),
      validFrom: z.iso.datetime({ offset: true }),
      validTo: z.iso.datetime({ offset: true }),
      budgetPoints: z.number().int().min(1).max(1_000_000_000).nullable(),
      audience: offerAudienceSchema,
    })
    .refine((draft) => new Date(draft.validTo).getTime() > new Date(draft.validFrom).getTime(), {
      path: ['validTo'],
      message: 'The end must be after the start.',
    })
    .refine((draft) => draft.kind !== 'partner' || draft.partnerId !== null, {
      path: ['partnerId'],
      message: 'Choose the partner that runs this offer.',
    }))();
export type OfferDraft = z.infer<typeof offerDraftSchema>;

/** One offer in the console's list and at the head of its page. */
export const staffOfferSchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    kind: offerKindSchema,
    title: z.string(),
    sponsorDisplayName: z.string(),
    campaign: z.string().nullable(),
    status: z.enum(OFFER_STATUSES),
    lifecycle: z.enum(OFFER_LIFECYCLES),
    stoppedReason: z.string().nullable(),
    validFrom: z.string(),
    validTo: z.string(),
    budgetPoints: z.number().int().nullable(),
    pointsIssued: z.number().int(),
    version: z.number().int(),
    previousVersionId: z.string().nullable(),
    createdBy: z.string().nullable(),
    submittedBy: z.string().nullable(),
    approvedBy: z.string().nullable(),
    /** Who wrote it and who sent it, by id: neither may approve or reject it (two may share a name). */
    createdById: z.string().nullable(),
    submittedById: z.string().nullable(),
    updatedAt: z.string(),
  }))();
export type StaffOffer = z.infer<typeof staffOfferSchema>;

/** An offer's page: the summary, the draft as written, and who may do what next. */
export const staffOfferDetailsSchema = /* @__PURE__ */ (() =>
  staffOfferSchema.extend({
    draft: offerDraftSchema,
    /** Members on an uploaded list. */
    listCount: z.number().int().nullable(),
  }))();
export type StaffOfferDetails = z.infer<typeof staffOfferDetailsSchema>;

export const staffOfferListSchema = /* @__PURE__ */ (() => z.object({ offers: z.array(staffOfferSchema) }))();

/** The steps of the lifecycle a person asks for (POST /staff-api/offers/{id}/{step}). */
export const OFFER_STEPS = ['submit', 'approve', 'reject', 'pause', 'resume', 'end', 'new-version'] as const;
export type OfferStep = (typeof OFFER_STEPS)[number];
export const offerStepSchema = /* @__PURE__ */ (() =>
  z.object({ reason: z.string().trim().max(500).optional() }))();

/** How many members an audience reaches now, and how fresh the summary it was counted on is. */
export const audienceCountSchema = /* @__PURE__ */ (() =>
  z.object({ members: z.number().int(), summaryRefreshedAt: z.string().nullable() }))();

/** The report of an uploaded list of cards: what was taken, and each row refused with why. */
export const audienceListReportSchema = /* @__PURE__ */ (() =>
  z.object({
    accepted: z.number().int(),
    refused: z.array(z.object({ row: z.number().int(), value: z.string(), reason: z.string() })),
  }))();
export type AudienceListReport = z.infer<typeof audienceListReportSchema>;

/** What an offer did, counted from the offer's assignments and the ledger's entries for it. */
export const offerPerformanceSchema = /* @__PURE__ */ (() =>
  z.object({
    reached: z.number().int(),
    loaded: z.number().int(),
    /** Members paid at least once, and the payouts in all. */
    paidMembers: z.number().int(),
    payouts: z.number().int(),
    /** Points paid less points taken back by returns. */
    pointsIssued: z.number().int(),
    budgetPoints: z.number().int().nullable(),
    /** pointsIssued at the scheme's point value, in pence. */
    costPence: z.number(),
    byDay: z.array(
      z.object({
        day: z.string(),
        payouts: z.number().int(),
        points: z.number().int(),
        costPence: z.number(),
      }),
    ),
  }))();
export type OfferPerformance = z.infer<typeof offerPerformanceSchema>;

/** A campaign: its offers and the sum of what they did. */
export const campaignPerformanceSchema = /* @__PURE__ */ (() =>
  z.object({
    campaign: z.string(),
    offers: z.array(staffOfferSchema),
    performance: offerPerformanceSchema,
  }))();

/** A preview of the offer as one member would see it (the existing preview pages, fed by this offer). */
export const offerPreviewSchema = /* @__PURE__ */ (() =>
  z.object({
    memberId: z.uuid().nullable(),
    /** Whether the chosen member is in the offer's audience now; null when no member was chosen. */
    inAudience: z.boolean().nullable(),
    paths: z.object({ offerCard: z.string(), heroCard: z.string(), offerDetails: z.string() }),
  }))();

export const offerMessages = {
  notFound: 'There is no offer with that id.',
  notEditable: 'Only a draft can be changed. Make a new version to change an offer that was approved.',
  ownApproval: 'Someone else must approve an offer you wrote or sent for approval.',
  wrongStep: (step: string, lifecycle: string) => `An offer that is ${lifecycle} can't be asked to ${step}.`,
  unknownPartner: 'There is no partner with that id.',
  unknownPicture: 'There is no such picture in the library or the uploads.',
  uploadRefused: 'Upload a PNG, JPEG or WebP picture of 512 KB or less.',
  listTooLarge: `A list may hold at most ${MAX_AUDIENCE_LIST_ROWS.toLocaleString('en-GB')} cards.`,
  listNeeded: 'Upload the list of cards before sending the offer for approval.',
  budgetSpent: 'This offer has paid out its whole budget.',
} as const;

/** A picture of the library a marketer chooses from (GET /staff-api/offer-pictures). */
export const offerPictureSchema = /* @__PURE__ */ (() =>
  z.object({ key: z.string(), label: z.string(), url: z.string() }))();
export type OfferPicture = z.infer<typeof offerPictureSchema>;

/** A partner that runs partner offers (GET /staff-api/offer-partners). */
export const offerPartnerSchema = /* @__PURE__ */ (() => z.object({ id: z.string(), name: z.string() }))();
export type OfferPartner = z.infer<typeof offerPartnerSchema>;

/** An uploaded picture (POST /staff-api/offer-uploads): the draft's `picture` value and where it is shown. */
export const offerUploadSchema = /* @__PURE__ */ (() =>
  z.object({ picture: z.string().regex(/^upload:/), url: z.string() }))();

/** GET /staff-api/offers: newest first, by lifecycle and by campaign. */
export const staffOfferListQuerySchema = /* @__PURE__ */ (() =>
  z.object({
    lifecycle: z.enum(OFFER_LIFECYCLES).optional(),
    campaign: z.string().trim().min(1).max(80).optional(),
  }))();

/**
 * POST /staff-api/offers/audience-count: the audience of a form. A list's members are an offer's, so a list
 * is counted for the offer named (none: 0).
 */
export const audienceCountRequestSchema = /* @__PURE__ */ (() =>
  z.object({ audience: offerAudienceSchema, offerId: z.string().min(1).max(40).optional() }))();

/** POST /staff-api/offers/{id}/preview: as anyone sees it, or with whether one member is in its audience. */
export const offerPreviewRequestSchema = /* @__PURE__ */ (() =>
  z.object({ memberId: z.uuid().optional() }))();

/** How long a preview link made in the console lasts: a draft changes, so its link is short-lived. */
export const OFFER_PREVIEW_HOURS = 24;

/** Why a row of an uploaded list of cards was refused (the report's `reason`). */
export const audienceListReasons = {
  notACardNumber: 'Not a card number: 11 digits, or 19 with the card prefix.',
  unknownCard: 'No member has this card.',
  duplicate: (row: number) => `The same member as row ${row}.`,
} as const;
