import { z } from 'zod';
import { brand } from './brand.ts';

/** Digits a member types after the fixed prefix (spec 5 and 9). */
export const CARD_NUMBER_DIGITS = 11;
export const CARD_PREFIX = brand.cardPrefix;
/**
 * How many characters a card-number field takes: a pasted full number with its prefix (19 digits) and the
 * spaces or dashes between its groups (issue 29, item 5), with room to spare.
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

const DIGITS = /^\d+$/;

/**
 * The 11 digits typed after the prefix, with the spec's three messages in its order of checks. Spaces and
 * dashes are allowed and a full number with the prefix is accepted; the parsed value is the 11 digits. The
 * checks are refinements, not a pattern and lengths, so the API reference does not claim the input must
 * already be 11 bare digits.
 */
export const cardNumberDigitsSchema = z
  .string({ error: cardNumberMessages.empty })
  .overwrite(normaliseCardNumberDigits)
  .refine((digits) => digits.length > 0, cardNumberMessages.empty)
  .refine((digits) => DIGITS.test(digits), cardNumberMessages.notNumeric)
  .refine((digits) => digits.length === CARD_NUMBER_DIGITS, cardNumberMessages.wrongLength)
  .meta({
    description: `The ${CARD_NUMBER_DIGITS} digits after ${CARD_PREFIX} (spaces and dashes allowed, or the full number with ${CARD_PREFIX})`,
  });

const FULL_NUMBER = new RegExp(`^${CARD_PREFIX}\\d{${CARD_NUMBER_DIGITS}}$`);

/**
 * A full card number: the prefix followed by the 11 digits. The API takes it with spaces or dashes, or as the
 * 11 digits alone, as a member may type it (the same normalisation as the form); the parsed value is the
 * 19 digits.
 */
export const fullCardNumberSchema = z
  .string()
  .overwrite((value) => {
    const digits = normaliseCardNumberDigits(value);
    return DIGITS.test(digits) && digits.length === CARD_NUMBER_DIGITS ? toFullCardNumber(digits) : digits;
  })
  .refine((number) => FULL_NUMBER.test(number), cardNumberMessages.notNumeric)
  .meta({
    description: `The card number: ${CARD_PREFIX} and 11 digits (spaces and dashes allowed, or the 11 digits alone)`,
  });

export function toFullCardNumber(digits: string): string {
  return `${CARD_PREFIX}${digits}`;
}
