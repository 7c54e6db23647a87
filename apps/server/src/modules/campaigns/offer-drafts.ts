import {
  OFFER_KINDS,
  offerLifecycle,
  type OfferDraft,
  type OfferKind,
  type OfferLifecycle,
  type OfferStep,
  type StaffOffer,
} from '@app/contracts/staff-offers';
import type { offers } from '../../db/schema/offers.ts';
import type { NamedOfferRow } from './repository.ts';

type OfferRow = typeof offers.$inferSelect;

/** What a draft writes into its offer's row; the lifecycle's columns are the service's. */
export type OfferValues = Pick<
  typeof offers.$inferInsert,
  | 'sourceType'
  | 'type'
  | 'title'
  | 'description'
  | 'sponsorDisplayName'
  | 'howTo'
  | 'terms'
  | 'categoryKey'
  | 'categoryName'
  | 'partnerId'
  | 'points'
  | 'picture'
  | 'rule'
  | 'maxPerMember'
  | 'validFrom'
  | 'validTo'
  | 'budgetPoints'
  | 'audience'
  | 'campaign'
>;

/** The steps each lifecycle allows (docs/staff-console.md "Offers and campaigns"). */
export const STEPS_FROM: Record<OfferLifecycle, readonly OfferStep[]> = {
  draft: ['submit'],
  'awaiting-approval': ['approve', 'reject'],
  scheduled: ['pause', 'end', 'new-version'],
  live: ['pause', 'end', 'new-version'],
  paused: ['resume', 'end', 'new-version'],
  ended: ['new-version'],
};

/** The kind a marketer chose, from the source type the member's offers know it by. */
export const kindOf = (sourceType: OfferRow['sourceType']): OfferKind =>
  (Object.keys(OFFER_KINDS) as OfferKind[]).find((kind) => OFFER_KINDS[kind].sourceType === sourceType) ??
  'bonus';

/**
 * The offer's type as the member's offers name it: a member price is a promotion; otherwise what the till
 * pays on (a multiplier, a basket's spend, a product), and a partner's offer with no till rule is one to opt
 * in to.
 */
export function offerTypeOf(draft: Pick<OfferDraft, 'kind' | 'rule'>): string {
  if (draft.kind === 'member-price') return 'PROMO';
  if (draft.rule?.kind === 'multiplier') return 'POINTS_MULTIPLIER';
  if (draft.rule?.kind === 'threshold') return 'BASKET';
  if (draft.rule?.kind === 'product') return 'PRODUCT';
  return draft.kind === 'partner' ? 'OPTIN' : 'PRODUCT';
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const unescapeHtml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/**
 * "How to get it" as the offer's page shows it (sanitised HTML, as the start data's offers hold it): a
 * paragraph for each block of the marketer's text, a line break for each line in it, every character escaped.
 */
export const howToHtml = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');

/** The text a marketer edits from an offer's "how to" HTML: a paragraph or list item a block of its own. */
export const howToText = (html: string) =>
  unescapeHtml(
    html
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|li)>/gi, '\n\n')
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** The row's values of a draft; the sponsor is the partner's name or the retailer's. */
export const valuesOf = (draft: OfferDraft, sponsorDisplayName: string): OfferValues => ({
  sourceType: OFFER_KINDS[draft.kind].sourceType,
  type: offerTypeOf(draft),
  title: draft.title,
  description: draft.description,
  sponsorDisplayName,
  howTo: howToHtml(draft.howTo),
  terms: draft.terms,
  categoryKey: draft.category.key,
  categoryName: draft.category.name,
  partnerId: draft.partnerId,
  points: draft.points,
  picture: draft.picture,
  rule: draft.rule,
  maxPerMember: draft.maxPerMember,
  validFrom: new Date(draft.validFrom),
  validTo: new Date(draft.validTo),
  budgetPoints: draft.budgetPoints,
  audience: draft.audience,
  campaign: draft.campaign || null,
});

/** The draft an offer's row holds, as the console's form edits it. */
export const draftOf = (row: OfferRow): OfferDraft => ({
  kind: kindOf(row.sourceType),
  partnerId: row.partnerId,
  campaign: row.campaign,
  title: row.title,
  description: row.description,
  howTo: howToText(row.howTo),
  terms: row.terms,
  category: { key: row.categoryKey, name: row.categoryName },
  picture: row.picture,
  rule: row.rule,
  points: row.points,
  maxPerMember: row.maxPerMember,
  validFrom: row.validFrom.toISOString(),
  validTo: row.validTo.toISOString(),
  budgetPoints: row.budgetPoints,
  audience: row.audience,
});

/** An offer in the console's list, with the names of the staff behind it. */
export function summaryOf(row: NamedOfferRow, now: Date): StaffOffer {
  const { offer } = row;
  return {
    id: offer.id,
    kind: kindOf(offer.sourceType),
    title: offer.title,
    sponsorDisplayName: offer.sponsorDisplayName,
    campaign: offer.campaign,
    status: offer.status,
    lifecycle: offerLifecycle(offer, now),
    stoppedReason: offer.stoppedReason,
    validFrom: offer.validFrom.toISOString(),
    validTo: offer.validTo.toISOString(),
    budgetPoints: offer.budgetPoints,
    pointsIssued: offer.pointsIssued,
    version: offer.version,
    previousVersionId: offer.previousVersionId,
    createdBy: row.createdByName,
    submittedBy: row.submittedByName,
    createdById: offer.createdBy,
    submittedById: offer.submittedBy,
    approvedBy: row.approvedByName,
    updatedAt: offer.updatedAt.toISOString(),
  };
}
