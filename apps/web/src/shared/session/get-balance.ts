import { queryOptions, useQuery } from '@tanstack/react-query';
import { BALANCE_PATH } from '@app/contracts/page-answers';
import type { balanceSchema } from '@app/contracts/offers';
import { request, type AnswerOf } from '../http/client.ts';

/** One key for every reader of the balance, so that a spend or a conversion refreshes them all. */
export const balanceQueryKey = ['balance'] as const;

/** GET /balance-api/balance (docs/product/calls-and-errors.md §S7.6). */
export const getBalance = () =>
  // Unparsed: the homepage draws without zod (ADR 048); typed from the contract.
  request<AnswerOf<typeof balanceSchema>>(BALANCE_PATH);
export const balanceQueryOptions = () => queryOptions({ queryKey: balanceQueryKey, queryFn: getBalance });
export const useBalance = () => useQuery(balanceQueryOptions());
