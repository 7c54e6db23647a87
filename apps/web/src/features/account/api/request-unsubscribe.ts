import { useQuery } from '@tanstack/react-query';
import { accountPaths } from '@app/contracts/account-paths';
import { unsubscribeRequestResponseSchema } from '@app/contracts/account';
import { request } from '../../../shared/http/client.ts';

/**
 * POST /unsubscribe/request {token} (docs/product/calls-and-errors.md §S7.4, anonymous): which address the
 * link is for, asked when the page opens. It reads only.
 */
export const requestUnsubscribe = (token: string) =>
  request(accountPaths.unsubscribeRequest, {
    schema: unsubscribeRequestResponseSchema,
    method: 'POST',
    body: { token },
    redirectOnUnauthorized: false,
  });

export const useUnsubscribeTarget = (token: string) =>
  useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: () => requestUnsubscribe(token),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
  });
