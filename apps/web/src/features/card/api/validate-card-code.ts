import { cardPaths } from '@app/contracts/card-paths';
import { type ReplacementType, cardNumberResultSchema } from '@app/contracts/card';
import { request } from '../../../shared/http/client.ts';

/**
 * POST /retrieve-card/validate {twoFaCode, encryptedCollectorJwt}: the card number
 * (docs/product/calls-and-errors.md §S7.4).
 */
export const validateRetrieveCode = (body: { twoFaCode: string; encryptedCollectorJwt: string }) =>
  request(cardPaths.retrieveValidate, {
    schema: cardNumberResultSchema,
    method: 'POST',
    body,
  });

/** POST /replacement-card/validate {twoFaCode, encryptedCollectorJwt, replacementType}: the new number. */
export const validateReplacementCode = (body: {
  twoFaCode: string;
  encryptedCollectorJwt: string;
  replacementType: ReplacementType;
}) =>
  request(cardPaths.replacementValidate, {
    schema: cardNumberResultSchema,
    method: 'POST',
    body,
  });
