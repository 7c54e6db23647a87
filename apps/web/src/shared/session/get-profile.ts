import { queryOptions } from '@tanstack/react-query';
import type { Customer } from '@app/contracts/account';
import { PROFILE_PATH } from '@app/contracts/page-answers';
import { request } from '../http/client.ts';

/**
 * The signed-in collector's profile; 401 without a live session (the session guard's question). The route
 * answers the whole customer (GET /customer/v2), which the account pages read too.
 */
export const getProfile = (options: { redirectOnUnauthorized?: boolean } = {}) =>
  // Unparsed: the homepage and the account overview draw without zod (ADR 048); typed from the contract.
  request<Customer>(PROFILE_PATH, { redirectOnUnauthorized: options.redirectOnUnauthorized ?? true });

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: ['profile'],
    queryFn: () => getProfile({ redirectOnUnauthorized: false }),
    staleTime: 30_000,
  });
