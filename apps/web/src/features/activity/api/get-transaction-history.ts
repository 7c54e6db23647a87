import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { activityPaths } from '@app/contracts/activity-paths';
import type { HistoryResponse } from '@app/contracts/activity';
import { request } from '../../../shared/http/client.ts';

/** GET /ledger-api/transaction-history?limit&offset (docs/product/calls-and-errors.md §S7.6). */
export const getTransactionHistory = (limit: number, offset: number) =>
  // Unparsed: the history page draws without zod (ADR 048); typed from the contract.
  request<HistoryResponse>(activityPaths.history(limit, offset));
export const useTransactionHistory = (limit: number, offset: number) =>
  useQuery(
    queryOptions({
      queryKey: ['activity', 'history', limit, offset],
      queryFn: () => getTransactionHistory(limit, offset),
      placeholderData: keepPreviousData,
    }),
  );
