import { brand } from '@app/contracts/brand';
import type { OfferRule } from '@app/contracts/offer-rules';
import {
  MAX_SEGMENT_RULES,
  offerDraftSchema,
  type OfferDraft,
  type OfferKind,
  type SegmentRule,
} from '@app/contracts/staff-offers';
import { isoToLondon, londonToIso } from '../../shared/london-time.ts';

/**
 * The offer form's values as typed (text for every box, so a half-typed number stays as it is), and the draft
 * they make: checked with the contract's `offerDraftSchema`, each refusal put beside the field it is about.
 */

export type RuleKind = 'none' | OfferRule['kind'];
/** What a rule applies to: the whole basket (a threshold or a multiplier only), a category or a SKU. */
export type RuleTarget = 'basket' | 'category' | 'sku';
export type SegmentRuleName = SegmentRule['rule'];
export type AudienceKind = 'everyone' | 'segment' | 'list';

/** One row of the segment builder: its rule and the number it takes, as typed. */
export interface SegmentRow {
  id: number;
  rule: SegmentRuleName;
  value: string;
}

export interface OfferFormValues {
  kind: OfferKind;
  partnerId: string;
  campaign: string;
  title: string;
  description: string;
  howTo: string;
  terms: string;
  categoryKey: string;
  categoryName: string;
  /** A library picture's key or an upload's `upload:<id>`; '' for the category's picture. */
  picture: string;
  ruleKind: RuleKind;
  ruleTarget: RuleTarget;
  ruleTargetValue: string;
  minSpendPounds: string;
  rulePoints: string;
  multiplier: string;
  minQuantity: string;
  points: string;
  maxPerMember: string;
  /** Date-time inputs' values, London time. */
  validFrom: string;
  validTo: string;
  budgetPoints: string;
  audienceKind: AudienceKind;
  segment: SegmentRow[];
}

export type FieldName = Exclude<keyof OfferFormValues, 'segment'> | `segment.${number}` | 'segment';
export type FieldErrors = Partial<Record<FieldName, string>>;

/** The segment's rules: how each is chosen, the number it takes (days or points) and where it starts. */
export const SEGMENT_RULES: Record<
  SegmentRuleName,
  { label: string; takes: 'days' | 'points' | null; start: string }
> = {
  'fuel-shopper': { label: `Shopped at ${brand.fuelPartner}`, takes: 'days', start: '90' },
  'no-shop': { label: 'No shop lately (lapsing)', takes: 'days', start: '60' },
  'joined-within': { label: 'Joined lately', takes: 'days', start: '30' },
  'balance-above': { label: 'Balance above', takes: 'points', start: '1000' },
  'airline-linked': { label: `Has a linked ${brand.airlinePartner} account`, takes: null, start: '' },
};

/** A new offer's form: a bonus offer for everyone, starting tomorrow at 9:00 for four weeks. */
export function blankOffer(now = new Date()): OfferFormValues {
  const start = new Date(now.getTime() + 24 * 3_600_000);
  const from = `${isoToLondon(start.toISOString()).slice(0, 10)}T09:00`;
  const end = new Date(start.getTime() + 28 * 24 * 3_600_000);
  const to = `${isoToLondon(end.toISOString()).slice(0, 10)}T23:59`;
  return {
    kind: 'bonus',
    partnerId: '',
    campaign: '',
    title: '',
    description: '',
    howTo: '',
    terms: '',
    categoryKey: '',
    categoryName: '',
    picture: '',
    ruleKind: 'threshold',
    ruleTarget: 'basket',
    ruleTargetValue: '',
    minSpendPounds: '',
    rulePoints: '',
    multiplier: '2',
    minQuantity: '',
    points: '',
    maxPerMember: '1',
    validFrom: from,
    validTo: to,
    budgetPoints: '',
    audienceKind: 'everyone',
    segment: [],
  };
}

const text = (value: number | undefined | null) =>
  value === undefined || value === null ? '' : String(value);

/** The form of a saved draft, to change it. */
export function valuesOf(draft: OfferDraft): OfferFormValues {
  const rule = draft.rule;
  const target: RuleTarget = rule?.sku ? 'sku' : rule?.category ? 'category' : 'basket';
  return {
    kind: draft.kind,
    partnerId: draft.partnerId ?? '',
    campaign: draft.campaign ?? '',
    title: draft.title,
    description: draft.description,
    howTo: draft.howTo,
    terms: draft.terms,
    categoryKey: draft.category.key,
    categoryName: draft.category.name,
    picture: draft.picture ?? '',
    ruleKind: rule?.kind ?? 'none',
    ruleTarget: target,
    ruleTargetValue: rule?.sku ?? rule?.category ?? '',
    minSpendPounds:
      rule?.kind === 'threshold' ? (rule.minSpendPence / 100).toFixed(2).replace(/\.00$/, '') : '',
    rulePoints: rule?.kind === 'threshold' || rule?.kind === 'product' ? String(rule.points) : '',
    multiplier: rule?.kind === 'multiplier' ? String(rule.multiplier) : '2',
    minQuantity: rule?.kind === 'product' ? text(rule.minQuantity) : '',
    points: text(draft.points),
    maxPerMember: String(draft.maxPerMember),
    validFrom: isoToLondon(draft.validFrom),
    validTo: isoToLondon(draft.validTo),
    budgetPoints: text(draft.budgetPoints),
    audienceKind: draft.audience.kind,
    segment:
      draft.audience.kind === 'segment'
        ? draft.audience.rules.map((chosen, id) => ({
            id,
            rule: chosen.rule,
            value: 'days' in chosen ? String(chosen.days) : 'points' in chosen ? String(chosen.points) : '',
          }))
        : [],
  };
}

/** A whole number as typed; NaN (refused by the schema) for anything else. */
const wholeNumber = (typed: string) => (/^\s*\d+\s*$/.test(typed) ? Number(typed) : Number.NaN);
/** An optional whole number: null when the box is empty. */
const optionalNumber = (typed: string) => (typed.trim() === '' ? null : wholeNumber(typed));
/** Pounds as typed (`40`, `12.50`, `£12.50`) in pence; NaN for anything else. */
export const pence = (typed: string) => {
  const match = /^\s*£?\s*(\d+)(?:\.(\d{1,2}))?\s*$/.exec(typed);
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
};

/** The segment's rules as the contract has them. */
export function segmentRules(rows: SegmentRow[]): unknown[] {
  return rows.map((row) => {
    const takes = SEGMENT_RULES[row.rule].takes;
    return takes ? { rule: row.rule, [takes]: wholeNumber(row.value) } : { rule: row.rule };
  });
}

function ruleOf(values: OfferFormValues): unknown {
  const target = values.ruleTarget === 'basket' ? {} : { [values.ruleTarget]: values.ruleTargetValue.trim() };
  switch (values.ruleKind) {
    case 'none':
      return null;
    case 'threshold':
      return {
        kind: 'threshold',
        ...target,
        minSpendPence: pence(values.minSpendPounds),
        points: wholeNumber(values.rulePoints),
      };
    case 'multiplier':
      return { kind: 'multiplier', ...target, multiplier: wholeNumber(values.multiplier) };
    case 'product': {
      const quantity = optionalNumber(values.minQuantity);
      return {
        kind: 'product',
        ...target,
        ...(quantity === null ? {} : { minQuantity: quantity }),
        points: wholeNumber(values.rulePoints),
      };
    }
  }
}

/** The draft the form makes, before it is checked. */
export function draftOf(values: OfferFormValues): unknown {
  const audience =
    values.audienceKind === 'segment'
      ? { kind: 'segment', rules: segmentRules(values.segment) }
      : { kind: values.audienceKind };
  return {
    kind: values.kind,
    partnerId: values.kind === 'partner' ? values.partnerId.trim() || null : null,
    campaign: values.campaign.trim() || null,
    title: values.title,
    description: values.description,
    howTo: values.howTo,
    terms: values.terms,
    category: { key: values.categoryKey, name: values.categoryName },
    picture: values.picture || null,
    rule: ruleOf(values),
    points: optionalNumber(values.points),
    maxPerMember: wholeNumber(values.maxPerMember),
    validFrom: londonToIso(values.validFrom) ?? '',
    validTo: londonToIso(values.validTo) ?? '',
    budgetPoints: optionalNumber(values.budgetPoints),
    audience,
  };
}

/** What to do about each field the contract refuses, in the console's words. */
export const FIELD_ERRORS: Record<Exclude<FieldName, `segment.${number}`>, string> = {
  kind: 'Choose the kind of offer.',
  partnerId: 'Choose the partner that runs this offer.',
  campaign: 'Keep the campaign’s name to 80 characters.',
  title: 'Enter a title of up to 120 characters.',
  description: 'Enter a description of up to 300 characters.',
  howTo: 'Say how to get it, in up to 2,000 characters.',
  terms: 'Enter the terms, up to 4,000 characters.',
  categoryKey: 'Enter the category’s key, up to 40 characters (like fuel or bakery).',
  categoryName: 'Enter the category’s name, up to 60 characters.',
  picture: 'Choose a picture of the library, upload one, or use the category’s.',
  ruleKind: 'Choose what the till pays on.',
  ruleTarget: 'Choose what the rule applies to.',
  ruleTargetValue: 'Enter the category’s key or the SKU the rule applies to.',
  minSpendPounds: 'Enter the least spend in pounds, like 40 or 12.50.',
  rulePoints: 'Enter the points as a whole number, 1 or more.',
  multiplier: 'Enter a multiplier from 2 to 10.',
  minQuantity: 'Enter how many to buy as a whole number, 1 or more, or leave it empty for one.',
  points: 'Enter the points shown as a whole number from 1 to 1,000,000, or leave it empty.',
  maxPerMember: 'Enter how many times a member may earn it: 1 to 100.',
  validFrom: 'Enter the start as a date and time.',
  validTo: 'Enter the end as a date and time.',
  budgetPoints: 'Enter the budget as a whole number of points up to 1,000,000,000, or leave it empty.',
  audienceKind: 'Choose who gets the offer.',
  segment: `Add 1 to ${MAX_SEGMENT_RULES} rules to the segment.`,
};

/** The form's field a refused path of the draft is about. */
function fieldOf(path: PropertyKey[]): FieldName {
  const [top, next, index, leaf] = path.map(String);
  switch (top) {
    case 'category':
      return next === 'name' ? 'categoryName' : 'categoryKey';
    case 'rule':
      if (next === 'minSpendPence') return 'minSpendPounds';
      if (next === 'points') return 'rulePoints';
      if (next === 'multiplier') return 'multiplier';
      if (next === 'minQuantity') return 'minQuantity';
      if (next === 'category' || next === 'sku') return 'ruleTargetValue';
      return 'ruleKind';
    case 'audience':
      if (next === 'rules' && index !== undefined && leaf !== undefined) return `segment.${Number(index)}`;
      return next === 'rules' ? 'segment' : 'audienceKind';
    default:
      return (top ?? 'title') as FieldName;
  }
}

/** The words under a segment rule's number. */
const segmentError = (row: SegmentRow | undefined) =>
  row && SEGMENT_RULES[row.rule].takes === 'points'
    ? 'Enter the points as a whole number from 0 to 10,000,000.'
    : 'Enter the days as a whole number from 1 to 365.';

/** A draft the contract takes, to check the rules across fields on their own (below). */
const FILLER = {
  campaign: null,
  title: 'T',
  description: 'D',
  howTo: 'H',
  terms: 'T',
  category: { key: 'k', name: 'n' },
  picture: null,
  rule: null,
  points: null,
  maxPerMember: 1,
  budgetPoints: null,
  audience: { kind: 'everyone' },
};

/**
 * The form checked: the draft to send, or the refusals by field. The contract's own sentences stand for the
 * rules across fields (the end after the start, a partner offer's partner); the others say what to type.
 */
export function checkOffer(
  values: OfferFormValues,
): { draft: OfferDraft; errors?: undefined } | { draft?: undefined; errors: FieldErrors } {
  const errors: FieldErrors = {};
  if (values.ruleKind !== 'none' && values.ruleTarget !== 'basket' && !values.ruleTargetValue.trim()) {
    errors.ruleTargetValue = FIELD_ERRORS.ruleTargetValue;
  }
  const draft = draftOf(values) as Record<string, unknown>;
  const parsed = offerDraftSchema.safeParse(draft);
  if (parsed.success && Object.keys(errors).length === 0) return { draft: parsed.data };
  // The schema checks the rules across fields only once every field is right: checked again on a draft whose
  // other fields are, so the end before the start shows with the other refusals, not after them.
  const { kind, partnerId, validFrom, validTo } = draft;
  const across = offerDraftSchema.safeParse({ ...FILLER, kind, partnerId, validFrom, validTo });
  const issues = [
    ...(parsed.error?.issues ?? []),
    ...(across.error?.issues.filter((issue) => issue.code === 'custom') ?? []),
  ];
  for (const issue of issues) {
    const field = fieldOf(issue.path);
    if (errors[field]) continue;
    if (field.startsWith('segment.')) {
      errors[field] = segmentError(values.segment[Number(field.split('.')[1])]);
    } else if (issue.code === 'custom') {
      errors[field] = issue.message;
    } else {
      errors[field] = FIELD_ERRORS[field as keyof typeof FIELD_ERRORS];
    }
  }
  return { errors };
}
