import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Voucher } from '@app/contracts/vouchers';
import { request } from '../../../shared/http/client.ts';

/** GET /offers-api/vouchers/by-transaction/{transactionId}: the voucher a spend bought. */
export const getVoucherByTransaction = (transactionId: string) =>
  request<Voucher>(`/offers-api/vouchers/by-transaction/${encodeURIComponent(transactionId)}`);
export const useVoucherByTransaction = (transactionId: string) =>
  useQuery(
    queryOptions({
      queryKey: ['vouchers', 'by-transaction', transactionId],
      queryFn: () => getVoucherByTransaction(transactionId),
    }),
  );
