import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/http/client.ts';

/** The same key as every other reader of the balance, so a spend refreshes them all. */
export const balanceQueryKey = ['balance'] as const;

/** GET /balance-api/balance (signed-in spec 7.6). */
export const getBalance = () => request<{ balance: number; pointsValue: string }>('/balance-api/balance');
export const balanceQueryOptions = () => queryOptions({ queryKey: balanceQueryKey, queryFn: getBalance });
export const useBalance = () => useQuery(balanceQueryOptions());
