import { wholeNumber } from '../../shared/format/uk-format.ts';
/** A whole number as the page writes it (1,000). */
export const n = (value: number) => wholeNumber(value);

/** An amount with its unit, in the singular for one ('1 Hotels.com point'; Avios is the same either way). */
export const amount = (value: number, unit: string) =>
  `${n(value)} ${value === 1 ? unit.replace(/ points$/, ' point') : unit}`;

/** The hint under the amount to convert: 'In steps of 2: 2 Nectar points make 1 Hotels.com point.' */
export const stepsHint = (
  rate: { step: number; numerator: number; denominator: number },
  fromName: string,
  toName: string,
) =>
  `In steps of ${n(rate.step)}: ${amount(rate.step, fromName)} ${rate.step === 1 ? 'makes' : 'make'} ${amount(
    (rate.step * rate.numerator) / rate.denominator,
    toName,
  )}.`;
