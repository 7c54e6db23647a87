import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountPaths } from '@app/contracts/account-paths';
import { maskedAddressSchema } from '@app/contracts/account';
import { request } from '../../../shared/http/client.ts';

export const maskedAddressQueryKey = ['customer', 'masked-address'] as const;

/**
 * GET masked address (docs/product/calls-and-errors.md §S7.4): the member's address as the account pages show
 * it, like the masked mobile number. Under the customer's key, so a change that refreshes the customer reads
 * it again.
 */
export const getMaskedAddress = () => request(accountPaths.maskedAddress, { schema: maskedAddressSchema });

export const maskedAddressQueryOptions = () =>
  queryOptions({ queryKey: maskedAddressQueryKey, queryFn: getMaskedAddress });
export const useMaskedAddress = () => useQuery(maskedAddressQueryOptions());
