import { describe, expect, it } from 'vitest';
import {
  cardNumberDigitsSchema,
  fullCardNumberSchema,
  normaliseCardNumberDigits,
  toFullCardNumber,
} from './card-number.ts';

const messageFor = (value: string) => cardNumberDigitsSchema.safeParse(value).error?.issues[0]?.message;

describe('card number digits', () => {
  it('accepts exactly 11 digits', () => {
    expect(cardNumberDigitsSchema.parse('12345678901')).toBe('12345678901');
  });
  // What a member types or pastes, as printed on the card, is their card number.
  it.each([
    ['1234 5678 901'],
    ['1234-5678-901'],
    [' 12345678901 '],
    ['1234 – 5678 – 901'],
    ['9826300012345678901'],
    ['9826 3000 1234 5678 901'],
    ['98263000-1234-5678-901'],
  ])('accepts %j as the 11 digits', (value) => {
    expect(cardNumberDigitsSchema.parse(value)).toBe('12345678901');
  });
  it.each([
    ['', 'Enter your card number'],
    ['   ', 'Enter your card number'],
    [' - - ', 'Enter your card number'],
    ['1234567890a', 'Enter a valid card number'],
    ['1234.5678.901', 'Enter a valid card number'],
    ['12 345', 'Enter a card number that has 11 numbers'],
    ['1234567890', 'Enter a card number that has 11 numbers'],
    ['123456789012', 'Enter a card number that has 11 numbers'],
    // 19 digits with another prefix are not this scheme's card.
    ['1234567812345678901', 'Enter a card number that has 11 numbers'],
    ['98263000123456789012', 'Enter a card number that has 11 numbers'],
  ])('%j gives %s', (value, message) => {
    expect(messageFor(value)).toBe(message);
  });
  it('leaves what it cannot read for the messages', () => {
    expect(normaliseCardNumberDigits('1234 5678 90a')).toBe('1234567890a');
  });
});

describe('full card number', () => {
  it('builds the full number with the fixed prefix', () => {
    expect(toFullCardNumber('12345678901')).toBe('9826300012345678901');
    expect(fullCardNumberSchema.safeParse('9826300012345678901').success).toBe(true);
    expect(fullCardNumberSchema.safeParse('1234567812345678901').success).toBe(false);
  });
  it.each([
    ['9826300012345678901'],
    ['9826 3000 1234 5678 901'],
    ['98263000-12345678901'],
    ['12345678901'],
    ['1234 5678 901'],
  ])('reads %j as the 19-digit number', (value) => {
    expect(fullCardNumberSchema.parse(value)).toBe('9826300012345678901');
  });
  it.each([[''], ['1234567890'], ['9826300012345678901x'], ['98263000 1234 5678 9012']])(
    'refuses %j',
    (value) => {
      expect(fullCardNumberSchema.safeParse(value).error?.issues[0]?.message).toBe(
        'Enter a valid card number',
      );
    },
  );
});
