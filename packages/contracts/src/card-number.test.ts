import { describe, expect, it } from 'vitest';
import { cardNumberDigitsSchema, fullCardNumberSchema, toFullCardNumber } from './card-number.ts';

const messageFor = (value: string) => cardNumberDigitsSchema.safeParse(value).error?.issues[0]?.message;

describe('card number digits', () => {
  it('accepts exactly 11 digits', () => {
    expect(cardNumberDigitsSchema.parse('12345678901')).toBe('12345678901');
  });
  it.each([
    ['', 'Enter your card number'],
    ['   ', 'Enter your card number'],
    ['1234567890a', 'Enter a valid card number'],
    ['12 345', 'Enter a valid card number'],
    ['1234567890', 'Enter a card number that has 11 numbers'],
    ['123456789012', 'Enter a card number that has 11 numbers'],
  ])('%j gives %s', (value, message) => {
    expect(messageFor(value)).toBe(message);
  });
  it('builds the full number with the fixed prefix', () => {
    expect(toFullCardNumber('12345678901')).toBe('9826300012345678901');
    expect(fullCardNumberSchema.safeParse('9826300012345678901').success).toBe(true);
    expect(fullCardNumberSchema.safeParse('1234567812345678901').success).toBe(false);
  });
});
