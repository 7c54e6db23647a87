import { accountPaths } from '@app/contracts/account-paths';
import { addressLookupResponseSchema } from '@app/contracts/account';
import { request } from '../../../shared/http/client.ts';

/** POST address lookup {building, postcode} (docs/product/calls-and-errors.md §S7.4 "Address"). */
export const lookupAddress = (body: { building: string; postcode: string }) =>
  request(accountPaths.addressLookup, {
    schema: addressLookupResponseSchema,
    method: 'POST',
    body,
  });
