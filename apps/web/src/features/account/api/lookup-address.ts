import { addressLookupResponseSchema } from '@app/contracts/account';
import { request } from '../../../shared/http/client.ts';

/** POST address lookup {building, postcode} (signed-in spec 7.4 "Address"). */
export const lookupAddress = (body: { building: string; postcode: string }) =>
  request('/customer-management-api/address-lookup', {
    schema: addressLookupResponseSchema,
    method: 'POST',
    body,
  });
