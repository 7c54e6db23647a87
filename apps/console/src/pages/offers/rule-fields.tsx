import { offerRuleSchema } from '@app/contracts/offer-rules';
import { Field, SelectField } from '../../shared/ui/field.tsx';
import { draftOf, type RuleKind, type RuleTarget } from './offer-form-state.ts';
import { RadioChoice, type FormPartProps } from './form-parts.tsx';
import { ruleText } from './offer-words.tsx';

const RULE_KINDS: { value: RuleKind; label: string; hint: string }[] = [
  {
    value: 'threshold',
    label: 'Points for a spend',
    hint: 'Spend at least an amount, earn a number of points.',
  },
  { value: 'multiplier', label: 'Times the points', hint: 'A category’s or a SKU’s points, 2 to 10 times.' },
  {
    value: 'product',
    label: 'Bonus on a product',
    hint: 'Buy a product (a SKU or a category), earn points.',
  },
  { value: 'none', label: 'No till pays it', hint: 'A partner gives the points (a travel partner’s offer).' },
];

const TARGETS: Record<RuleTarget, string> = {
  basket: 'The whole basket',
  category: 'A category',
  sku: 'A SKU (one product)',
};

/**
 * What the till pays out on (contracts/offer-rules.ts): a spend over an amount, a multiplier, a product's
 * bonus, or nothing at a till. The rule is read back in a sentence as soon as it is whole.
 */
export function RuleFields({ values, errors, set }: FormPartProps) {
  const kind = values.ruleKind;
  const targets = (Object.keys(TARGETS) as RuleTarget[]).filter(
    (target) => kind !== 'product' || target !== 'basket',
  );
  const chooseKind = (next: RuleKind) => {
    set('ruleKind', next);
    if (next === 'product' && values.ruleTarget === 'basket') set('ruleTarget', 'sku');
  };
  const rule = offerRuleSchema.safeParse((draftOf(values) as { rule: unknown }).rule);
  const whole = kind !== 'none' && rule.success && (values.ruleTarget === 'basket' || values.ruleTargetValue);
  return (
    <>
      <RadioChoice
        legend="What the till pays on"
        name="ruleKind"
        options={RULE_KINDS}
        value={kind}
        onChange={chooseKind}
        error={errors.ruleKind}
        columns
      />
      {kind !== 'none' && (
        <div className="field-row">
          {kind === 'threshold' && (
            <Field
              label="Least spend (£)"
              name="minSpendPounds"
              inputMode="decimal"
              value={values.minSpendPounds}
              onChange={(event) => set('minSpendPounds', event.target.value)}
              error={errors.minSpendPounds}
            />
          )}
          {kind === 'multiplier' && (
            <SelectField
              label="Multiplier"
              name="multiplier"
              value={values.multiplier}
              onChange={(event) => set('multiplier', event.target.value)}
              error={errors.multiplier}
            >
              {[2, 3, 4, 5, 6, 7, 8, 9, 10].map((times) => (
                <option key={times} value={String(times)}>
                  {times} times the points
                </option>
              ))}
            </SelectField>
          )}
          <SelectField
            label="Applies to"
            name="ruleTarget"
            value={values.ruleTarget}
            onChange={(event) => {
              const target = event.target.value as RuleTarget;
              set('ruleTarget', target);
              // The offer's own category is the likeliest one.
              if (target === 'category' && !values.ruleTargetValue)
                set('ruleTargetValue', values.categoryKey);
            }}
          >
            {targets.map((target) => (
              <option key={target} value={target}>
                {TARGETS[target]}
              </option>
            ))}
          </SelectField>
          {values.ruleTarget !== 'basket' && (
            <Field
              label={values.ruleTarget === 'sku' ? 'SKU it applies to' : 'Category it applies to'}
              name="ruleTargetValue"
              autoComplete="off"
              value={values.ruleTargetValue}
              onChange={(event) => set('ruleTargetValue', event.target.value)}
              error={errors.ruleTargetValue}
            />
          )}
          {kind === 'product' && (
            <Field
              label="Least quantity (optional)"
              name="minQuantity"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={values.minQuantity}
              onChange={(event) => set('minQuantity', event.target.value)}
              error={errors.minQuantity}
            />
          )}
          {kind !== 'multiplier' && (
            <Field
              label="Points paid"
              name="rulePoints"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={values.rulePoints}
              onChange={(event) => set('rulePoints', event.target.value)}
              error={errors.rulePoints}
            />
          )}
        </div>
      )}
      {whole && rule.success && <p className="offer-form__readback">The till pays: {ruleText(rule.data)}.</p>}
    </>
  );
}
