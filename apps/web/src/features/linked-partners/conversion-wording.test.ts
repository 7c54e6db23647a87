import { describe, expect, it } from 'vitest';
import { amount, stepsHint } from './conversion-wording.ts';

describe('conversion wording', () => {
  it('writes one point in the singular, and Avios the same either way', () => {
    expect(amount(1, 'Hotels.com points')).toBe('1 Hotels.com point');
    expect(amount(2, 'Hotels.com points')).toBe('2 Hotels.com points');
    expect(amount(1, 'Avios')).toBe('1 Avios');
    expect(amount(1000, 'Nectar points')).toBe('1,000 Nectar points');
  });

  it('words the step of each partner', () => {
    expect(stepsHint({ step: 2, numerator: 1, denominator: 2 }, 'Nectar points', 'Hotels.com points')).toBe(
      'In steps of 2: 2 Nectar points make 1 Hotels.com point.',
    );
    expect(stepsHint({ step: 400, numerator: 250, denominator: 400 }, 'Nectar points', 'Avios')).toBe(
      'In steps of 400: 400 Nectar points make 250 Avios.',
    );
    expect(stepsHint({ step: 1, numerator: 2, denominator: 1 }, 'Hotels.com points', 'Nectar points')).toBe(
      'In steps of 1: 1 Hotels.com point makes 2 Nectar points.',
    );
  });
});
