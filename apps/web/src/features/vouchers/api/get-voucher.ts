import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Voucher } from '@app/contracts/vouchers';
import { request } from '../../../shared/http/client.ts';

/** GET /offers-api/vouchers/{id}: one voucher. */
export const getVoucher = (id: string) => request<Voucher>(`/offers-api/vouchers/${encodeURIComponent(id)}`);
export const useVoucher = (id: string) =>
  useQuery(queryOptions({ queryKey: ['vouchers', id], queryFn: () => getVoucher(id), enabled: id !== '' }));
