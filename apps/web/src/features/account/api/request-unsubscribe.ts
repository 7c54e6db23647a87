import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/http/client.ts';

export interface UnsubscribeTarget {
  email: string;
  maskedEmail: string;
  /** Whether marketing email is still on: off means the link was used already, or the member turned it off. */
  subscribed: boolean;
}

/**
 * POST /unsubscribe/request {token} (signed-in spec 7.4, anonymous): which address the link is for, asked when
 * the page opens (issue 29, item 6). It reads only.
 */
export const requestUnsubscribe = (token: string) =>
  request<UnsubscribeTarget>('/customer-management-api/unsubscribe/request', {
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
