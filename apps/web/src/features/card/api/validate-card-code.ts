import { type ReplacementType, cardNumberResultSchema } from '@app/contracts/card';
import { request } from '../../../shared/http/client.ts';

/** POST /retrieve-card/validate {twoFaCode, encryptedCollectorJwt}: the card number (spec 7.4). */
export const validateRetrieveCode = (body: { twoFaCode: string; encryptedCollectorJwt: string }) =>
  request('/customer-management-api/retrieve-card/validate', {
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
  request('/customer-management-api/replacement-card/validate', {
    schema: cardNumberResultSchema,
    method: 'POST',
    body,
  });
