import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/http/client.ts';

export const balanceQueryKey = ['balance'] as const;

/** GET /balance-api/balance (signed-in spec 7.6). */
export const getBalance = () => request<{ balance: number; pointsValue: string }>('/balance-api/balance');
export const useBalance = () => useQuery(queryOptions({ queryKey: balanceQueryKey, queryFn: getBalance }));
