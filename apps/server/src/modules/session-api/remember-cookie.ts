import { createHmac, timingSafeEqual } from 'node:crypto';
import { fullCardNumberSchema } from '@app/contracts/card-number';

/** The remember-me cookie: the card number, signed so that a forged value is ignored. */
export const REMEMBER_COOKIE = 'lc_remember';
export const REMEMBER_MAX_AGE_SECONDS = 365 * 24 * 3600;

const signatureOf = (key: string, cardNumber: string) =>
  createHmac('sha256', key).update(cardNumber).digest('base64url');

export const rememberValue = (key: string, cardNumber: string) =>
  `${cardNumber}.${signatureOf(key, cardNumber)}`;

export function readRemembered(key: string, value: string | undefined): string | undefined {
  if (!value) return undefined;
  const [cardNumber, signature] = value.split('.');
  if (!cardNumber || !signature || !fullCardNumberSchema.safeParse(cardNumber).success) return undefined;
  const expected = Buffer.from(signatureOf(key, cardNumber));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? cardNumber : undefined;
}
