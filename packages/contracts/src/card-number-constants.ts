/** The card number's plain values and helpers, without zod (card-number.ts re-exports them with the schemas). */
import { brand } from './brand.ts';

/**
 * Digits a member types after the fixed prefix (docs/product/registration-and-sign-in.md §R5 and
 * docs/product/switches-and-constants.md §R9).
 */
export const CARD_NUMBER_DIGITS = 11;
export const CARD_PREFIX = brand.cardPrefix;
/**
 * How many characters a card-number field takes: a pasted full number with its prefix (19 digits) and the
 * spaces or dashes between its groups, with room to spare.
 */
export const CARD_NUMBER_INPUT_MAX_LENGTH = 32;

export const cardNumberMessages = {
  empty: 'Enter your card number',
  notNumeric: 'Enter a valid card number',
  wrongLength: 'Enter a card number that has 11 numbers',
} as const;

/** Spaces, and the dashes people type or paste between groups of digits (hyphen, en and em dash, minus). */
const SEPARATORS = /[\s\-\u2010-\u2015\u2212]/g;

/**
 * What a member means by what they typed: the separators go, and a pasted full number (the fixed prefix and
 * the 11 digits, as printed on the card) becomes its 11 digits. Anything else is left for the rule's messages.
 * The one place card-number input is normalised, for the browser's forms and the server's schemas alike.
 */
export const normaliseCardNumberDigits = (value: string): string => {
  const compact = value.replace(SEPARATORS, '');
  const full = compact.length === CARD_PREFIX.length + CARD_NUMBER_DIGITS && compact.startsWith(CARD_PREFIX);
  return full ? compact.slice(CARD_PREFIX.length) : compact;
};

export function toFullCardNumber(digits: string): string {
  return `${CARD_PREFIX}${digits}`;
}
