import { z } from 'zod';
import { brand } from './brand.ts';

/** Digits a member types after the fixed prefix (spec 5 and 9). */
export const CARD_NUMBER_DIGITS = 11;
export const CARD_PREFIX = brand.cardPrefix;

export const cardNumberMessages = {
  empty: 'Enter your card number',
  notNumeric: 'Enter a valid card number',
  wrongLength: 'Enter a card number that has 11 numbers',
} as const;

/** The 11 digits typed after the prefix, with the spec's three messages in its order of checks. */
export const cardNumberDigitsSchema = z
  .string({ error: cardNumberMessages.empty })
  .trim()
  .min(1, cardNumberMessages.empty)
  .regex(/^\d+$/, cardNumberMessages.notNumeric)
  .length(CARD_NUMBER_DIGITS, cardNumberMessages.wrongLength);

/** A full card number: the prefix followed by the 11 digits. */
export const fullCardNumberSchema = z
  .string()
  .regex(new RegExp(`^${CARD_PREFIX}\\d{${CARD_NUMBER_DIGITS}}$`), cardNumberMessages.notNumeric);

export const toFullCardNumber = (digits: string): string => `${CARD_PREFIX}${digits}`;
