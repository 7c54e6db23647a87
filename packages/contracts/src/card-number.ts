import { z } from 'zod';
import {
  CARD_NUMBER_DIGITS,
  CARD_PREFIX,
  cardNumberMessages,
  normaliseCardNumberDigits,
  toFullCardNumber,
} from './card-number-constants.ts';

// The plain values live apart, so a page that needs only them loads no zod (ADR 040).
export * from './card-number-constants.ts';

const DIGITS = /^\d+$/;

/**
 * The 11 digits typed after the prefix, with the spec's three messages in its order of checks. Spaces and
 * dashes are allowed and a full number with the prefix is accepted; the parsed value is the 11 digits. The
 * checks are refinements, not a pattern and lengths, so the API reference does not claim the input must
 * already be 11 bare digits.
 */
export const cardNumberDigitsSchema = /* @__PURE__ */ (() =>
  z
    .string({ error: cardNumberMessages.empty })
    .overwrite(normaliseCardNumberDigits)
    .refine((digits) => digits.length > 0, cardNumberMessages.empty)
    .refine((digits) => DIGITS.test(digits), cardNumberMessages.notNumeric)
    .refine((digits) => digits.length === CARD_NUMBER_DIGITS, cardNumberMessages.wrongLength)
    .meta({
      description: `The ${CARD_NUMBER_DIGITS} digits after ${CARD_PREFIX} (spaces and dashes allowed, or the full number with ${CARD_PREFIX})`,
    }))();

const FULL_NUMBER = new RegExp(`^${CARD_PREFIX}\\d{${CARD_NUMBER_DIGITS}}$`);

/**
 * A full card number: the prefix followed by the 11 digits. The API takes it with spaces or dashes, or as the
 * 11 digits alone, as a member may type it (the same normalisation as the form); the parsed value is the
 * 19 digits.
 */
export const fullCardNumberSchema = /* @__PURE__ */ (() =>
  z
    .string()
    .overwrite((value) => {
      const digits = normaliseCardNumberDigits(value);
      return DIGITS.test(digits) && digits.length === CARD_NUMBER_DIGITS ? toFullCardNumber(digits) : digits;
    })
    .refine((number) => FULL_NUMBER.test(number), cardNumberMessages.notNumeric)
    .meta({
      description: `The card number: ${CARD_PREFIX} and 11 digits (spaces and dashes allowed, or the 11 digits alone)`,
    }))();
