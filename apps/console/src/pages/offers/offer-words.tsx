import { Link } from 'react-router';
import { brand } from '@app/contracts/brand';
import type { OfferRule } from '@app/contracts/offer-rules';
import {
  describeSegmentRule,
  OFFER_LIFECYCLE_LABELS,
  POINT_VALUE_PENCE,
  type OfferAudience,
  type OfferKind,
  type OfferLifecycle,
} from '@app/contracts/staff-offers';
import { formatPoints } from '../../shared/format.ts';
import { StatusBadge } from '../../shared/ui/status-badge.tsx';

/** The kinds in a word or two, for a table's cell (the contract's labels are the form's). */
export const KIND_NAMES: Record<OfferKind, string> = {
  bonus: 'Bonus',
  partner: 'Partner',
  'member-price': 'Member price',
};

const money = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
/** Pence as pounds: £1,234.50. */
export const formatPounds = (pence: number) => money.format(pence / 100);
/** What `points` cost the scheme when spent, in pounds (POINT_VALUE_PENCE a point). */
export const pointsCost = (points: number) => formatPounds(points * POINT_VALUE_PENCE);

export function LifecycleBadge({ lifecycle }: { lifecycle: OfferLifecycle }) {
  return <StatusBadge status={lifecycle} label={OFFER_LIFECYCLE_LABELS[lifecycle]} />;
}

/** A link to the campaign's page, or a dash for an offer of none. */
export function CampaignLink({ campaign }: { campaign: string | null }) {
  if (!campaign) return <span className="muted">None</span>;
  return <Link to={`/campaigns/${encodeURIComponent(campaign)}`}>{campaign}</Link>;
}

/** The rule of a segment in the console's words (the contract's sentence, with this brand's partners). */
export const segmentRuleText = (rule: Parameters<typeof describeSegmentRule>[0]) =>
  describeSegmentRule(rule, brand.fuelPartner, brand.airlinePartner);

/** Who an offer is for, in a sentence. */
export function audienceText(audience: OfferAudience, listCount: number | null): string {
  switch (audience.kind) {
    case 'everyone':
      return 'Every member';
    case 'segment':
      return audience.rules.map(segmentRuleText).join('; and ');
    case 'list':
      return listCount === null
        ? 'An uploaded list of cards (none uploaded yet)'
        : `An uploaded list of ${formatPoints(listCount)} ${listCount === 1 ? 'card' : 'cards'}`;
  }
}

/** Who an offer is for, in the middle of a sentence: "… for members who shopped at Esso in …". */
export function audienceFor(audience: OfferAudience, listCount: number | null): string {
  switch (audience.kind) {
    case 'everyone':
      return 'every member';
    case 'segment':
      return `members who meet every rule: ${audience.rules.map(segmentRuleText).join('; ')}`;
    case 'list':
      return listCount === 1
        ? 'the one card of its uploaded list'
        : `the ${listCount === null ? '' : `${formatPoints(listCount)} `}cards of its uploaded list`;
  }
}

/** What the till pays on, in a sentence. */
export function ruleText(rule: OfferRule | null): string {
  if (!rule) return 'No till pays it (points are given by the partner)';
  const on = rule.sku ? `SKU ${rule.sku}` : rule.category ? `the ${rule.category} category` : 'the basket';
  switch (rule.kind) {
    case 'threshold':
      return (
        `${formatPoints(rule.points)} points for spending ${formatPounds(rule.minSpendPence)} ` +
        `or more on ${on}`
      );
    case 'multiplier':
      return `${rule.multiplier} times the points on ${on}`;
    case 'product': {
      const many = rule.minQuantity && rule.minQuantity > 1 ? `${rule.minQuantity} of ` : '';
      return `${formatPoints(rule.points)} points for buying ${many}${on}`;
    }
  }
}
