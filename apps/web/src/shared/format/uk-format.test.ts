import { describe, expect, it } from 'vitest';
import { longDate, shortDate, wholeNumber } from './uk-format.ts';

describe('UK formats', () => {
  it('writes a date as Intl does for en-GB, for every month', () => {
    for (let month = 0; month < 12; month++) {
      const date = new Date(2026, month, month + 1, 12);
      const intl = date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
      expect(longDate(date)).toBe(intl);
      expect(longDate(date.toISOString())).toBe(intl);
      expect(shortDate(date)).toBe(
        date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }),
      );
    }
  });

  it('puts a comma between each three digits, as Intl does for en-GB', () => {
    for (const value of [0, 7, 999, 1000, 12_450, 999_999, 1_000_000, 123_456_789, -1200, -45]) {
      expect(wholeNumber(value)).toBe(value.toLocaleString('en-GB'));
    }
  });
});
