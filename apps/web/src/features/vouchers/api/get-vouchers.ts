import { queryOptions, useQuery } from '@tanstack/react-query';
import type { vouchersResponseSchema } from '@app/contracts/vouchers';
import { request, type AnswerOf } from '../../../shared/http/client.ts';

/** GET /offers-api/vouchers (signed-in spec 7.5 GET /vouchers). */
export const getVouchers = () => request<AnswerOf<typeof vouchersResponseSchema>>('/offers-api/vouchers');
export const useVouchers = () => useQuery(queryOptions({ queryKey: ['vouchers'], queryFn: getVouchers }));
