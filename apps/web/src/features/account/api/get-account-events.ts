import { useQuery } from '@tanstack/react-query';
import { accountPaths } from '@app/contracts/account-paths';
import { accountEventsSchema } from '@app/contracts/account';
import { request } from '../../../shared/http/client.ts';

export const accountEventsQueryKey = ['account', 'events'] as const;

/** The log of sign-ins and account changes (the security page). */
export const getAccountEvents = () => request(accountPaths.events, { schema: accountEventsSchema });
export const useAccountEvents = () =>
  useQuery({ queryKey: accountEventsQueryKey, queryFn: getAccountEvents });
