import { queryOptions, useQuery } from '@tanstack/react-query';
import { vouchersPaths } from '@app/contracts/vouchers-paths';
import type { vouchersResponseSchema } from '@app/contracts/vouchers';
import { request, type AnswerOf } from '../../../shared/http/client.ts';

/** GET /offers-api/vouchers (docs/product/calls-and-errors.md §S7.5 GET /vouchers). */
export const getVouchers = () =>
  // Unparsed: the vouchers page draws without zod (ADR 048); typed from the contract.
  request<AnswerOf<typeof vouchersResponseSchema>>(vouchersPaths.vouchers);
export const useVouchers = () => useQuery(queryOptions({ queryKey: ['vouchers'], queryFn: getVouchers }));
