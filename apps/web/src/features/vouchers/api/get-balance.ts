import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/http/client.ts';

/** GET /balance-api/balance, under the key every balance reader shares. */
export const getBalance = () => request<{ balance: number; pointsValue: string }>('/balance-api/balance');
export const useBalance = () => useQuery(queryOptions({ queryKey: ['balance'], queryFn: getBalance }));
