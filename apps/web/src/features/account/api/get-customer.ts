import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountPaths } from '@app/contracts/account-paths';
import type { Customer } from '@app/contracts/account';
import { request } from '../../../shared/http/client.ts';

export const customerQueryKey = ['customer'] as const;

/**
 * GET /customer-management-api/customer/v2 (docs/product/calls-and-errors.md §S7.4): the details the account
 * pages show.
 */
export const getCustomer = () =>
  // Unparsed: the account overview draws without zod (ADR 048); typed from the contract.
  request<Customer>(accountPaths.customer);

export const customerQueryOptions = () => queryOptions({ queryKey: customerQueryKey, queryFn: getCustomer });
export const useCustomer = () => useQuery(customerQueryOptions());

/** After a change: the account pages and the header's profile read again. */
export function useRefreshCustomer() {
  const queryClient = useQueryClient();
  return (customer?: Customer) => {
    if (customer) queryClient.setQueryData(customerQueryKey, customer);
    void queryClient.invalidateQueries({ queryKey: customerQueryKey });
    void queryClient.invalidateQueries({ queryKey: ['profile'] });
  };
}
