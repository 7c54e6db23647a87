import { queryOptions, useQuery } from '@tanstack/react-query';
import { vouchersPaths } from '@app/contracts/vouchers-paths';
import type { Voucher } from '@app/contracts/vouchers';
import { request } from '../../../shared/http/client.ts';

/** GET /offers-api/vouchers/by-transaction/{transactionId}: the voucher a spend bought. */
export const getVoucherByTransaction = (transactionId: string) =>
  // Unparsed: the voucher page draws without zod (ADR 048); typed from the contract.
  request<Voucher>(vouchersPaths.byTransaction(transactionId));
export const useVoucherByTransaction = (transactionId: string) =>
  useQuery(
    queryOptions({
      queryKey: ['vouchers', 'by-transaction', transactionId],
      queryFn: () => getVoucherByTransaction(transactionId),
    }),
  );
