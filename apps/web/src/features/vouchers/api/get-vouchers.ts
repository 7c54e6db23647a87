import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Voucher } from '@app/contracts/vouchers';
import { request } from '../../../shared/http/client.ts';

/** GET /offers-api/vouchers (signed-in spec 7.5 GET /vouchers). */
export const getVouchers = () => request<{ vouchers: Voucher[] }>('/offers-api/vouchers');
export const useVouchers = () => useQuery(queryOptions({ queryKey: ['vouchers'], queryFn: getVouchers }));
