import { queryOptions, useQuery } from '@tanstack/react-query';
import { vouchersPaths } from '@app/contracts/vouchers-paths';
import type { Voucher } from '@app/contracts/vouchers';
import { request } from '../../../shared/http/client.ts';

/** GET /offers-api/vouchers/{id}: one voucher. */
export const getVoucher = (id: string) =>
  // Unparsed: the voucher page draws without zod (ADR 048); typed from the contract.
  request<Voucher>(vouchersPaths.voucher(id));
export const useVoucher = (id: string) =>
  useQuery(queryOptions({ queryKey: ['vouchers', id], queryFn: () => getVoucher(id), enabled: id !== '' }));
