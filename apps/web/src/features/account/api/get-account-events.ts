import { useQuery } from '@tanstack/react-query';
import type { AccountEvent } from '@app/contracts/account';
import { request } from '../../../shared/http/client.ts';

export const accountEventsQueryKey = ['account', 'events'] as const;

/** The log of sign-ins and account changes (the security page). */
export const getAccountEvents = () =>
  request<{ events: AccountEvent[] }>('/customer-management-api/account/events');
export const useAccountEvents = () =>
  useQuery({ queryKey: accountEventsQueryKey, queryFn: getAccountEvents });
