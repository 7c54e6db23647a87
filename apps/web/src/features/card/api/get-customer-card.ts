import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerCard } from '@app/contracts/card';
import { CUSTOMER_CARD_PATH } from '@app/contracts/offline';
import { request } from '../../../shared/http/client.ts';

export const customerCardQueryKey = ['card', 'customer-card'] as const;

/** GET /customer-management-api/customer/card (docs/product/calls-and-errors.md §S7.2). */
export const getCustomerCard = () =>
  // Unparsed: the request-card page draws without zod (ADR 048); typed from the contract.
  request<CustomerCard>(CUSTOMER_CARD_PATH);
export const customerCardQueryOptions = () =>
  queryOptions({ queryKey: customerCardQueryKey, queryFn: getCustomerCard });
export const useCustomerCard = () => useQuery(customerCardQueryOptions());
