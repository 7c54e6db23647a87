import { describe, expect, it } from 'vitest';
import { offerDraftSchema, type OfferDraft } from '@app/contracts/staff-offers';
import { blankOffer, checkOffer, pence, valuesOf, type OfferFormValues } from './offer-form-state.ts';

/** A form filled as a marketer would for a bonus offer to fuel shoppers. */
const filled = (changes: Partial<OfferFormValues> = {}): OfferFormValues => ({
  ...blankOffer(new Date('2026-11-30T12:00:00Z')),
  title: 'Double up at the pump',
  description: '500 bonus points when you spend £40',
  howTo: 'Load the offer, then shop.',
  terms: 'Once per member.',
  categoryKey: 'fuel',
  categoryName: 'Fuel',
  minSpendPounds: '40',
  rulePoints: '500',
  budgetPoints: '100000',
  audienceKind: 'segment',
  segment: [{ id: 0, rule: 'fuel-shopper', value: '90' }],
  ...changes,
});

describe('the offer form as a draft', () => {
  it('makes the draft the contract takes: pounds in pence, London times with their offset', () => {
    const checked = checkOffer(filled());
    expect(checked.errors).toBeUndefined();
    expect(checked.draft).toMatchObject({
      kind: 'bonus',
      partnerId: null,
      campaign: null,
      picture: null,
      rule: { kind: 'threshold', minSpendPence: 4000, points: 500 },
      points: null,
      maxPerMember: 1,
      validFrom: '2026-12-01T09:00:00+00:00',
      validTo: '2026-12-29T23:59:00+00:00',
      budgetPoints: 100_000,
      audience: { kind: 'segment', rules: [{ rule: 'fuel-shopper', days: 90 }] },
    });
  });

  it('puts each refusal beside its field, the rules across fields at once with the others', () => {
    const checked = checkOffer(
      filled({
        kind: 'partner',
        title: ' ',
        minSpendPounds: '40.123',
        validTo: '2026-11-01T09:00',
        segment: [{ id: 0, rule: 'no-shop', value: '400' }],
        ruleTarget: 'sku',
        ruleTargetValue: '',
      }),
    );
    expect(checked.errors).toEqual({
      title: 'Enter a title of up to 120 characters.',
      minSpendPounds: 'Enter the least spend in pounds, like 40 or 12.50.',
      ruleTargetValue: 'Enter the category’s key or the SKU the rule applies to.',
      'segment.0': 'Enter the days as a whole number from 1 to 365.',
      partnerId: 'Choose the partner that runs this offer.',
      validTo: 'The end must be after the start.',
    });
  });

  it('reads pounds as typed', () => {
    expect(pence('40')).toBe(4000);
    expect(pence('£12.5')).toBe(1250);
    expect(pence(' 12.05 ')).toBe(1205);
    expect(pence('12.345')).toBeNaN();
    expect(pence('')).toBeNaN();
  });

  it('gives back the form of a saved draft unchanged', () => {
    const draft: OfferDraft = offerDraftSchema.parse({
      kind: 'partner',
      partnerId: 'esso',
      campaign: 'Winter fuel',
      title: 'Triple points on fuel',
      description: 'Three times the points',
      howTo: 'Shop.',
      terms: 'Terms.',
      category: { key: 'fuel', name: 'Fuel' },
      picture: 'fuel-pump',
      rule: { kind: 'multiplier', category: 'fuel', multiplier: 3 },
      points: null,
      maxPerMember: 4,
      validFrom: '2026-07-01T09:00:00+01:00',
      validTo: '2026-07-31T23:59:00+01:00',
      budgetPoints: 2_000_000,
      audience: {
        kind: 'segment',
        rules: [{ rule: 'balance-above', points: 5000 }, { rule: 'airline-linked' }],
      },
    });
    const values = valuesOf(draft);
    expect(values).toMatchObject({ validFrom: '2026-07-01T09:00', ruleTarget: 'category', multiplier: '3' });
    expect(checkOffer(values).draft).toEqual(draft);
  });
});
