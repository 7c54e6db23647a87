import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { TRANSACTIONS_PAGE_SIZE, type TransactionsResponse } from '@app/contracts/activity';
import { TRANSACTIONS_PATH } from '@app/contracts/offline';
import { request } from '../../../shared/http/client.ts';

export const transactionsQueryKey = ['activity', 'transactions'] as const;

/**
 * GET /nectar-shared-transactions-api/transactions?pageSize=20&nextToken
 * (docs/product/calls-and-errors.md §S7.6).
 */
export const getTransactions = (nextToken?: string) =>
  // Unparsed: the savings page loads this contract and draws without zod (ADR 048); typed from the contract.
  request<TransactionsResponse>(
    `${TRANSACTIONS_PATH}?${new URLSearchParams({
      pageSize: String(TRANSACTIONS_PAGE_SIZE),
      ...(nextToken ? { nextToken } : {}),
    })}`,
  );

/**
 * Pages are appended while more exist; a refresh clears back to the first page
 * (docs/product/signed-in-pages.md §S4).
 */
export const transactionsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: transactionsQueryKey,
    queryFn: ({ pageParam }) => getTransactions(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore && last.nextToken ? last.nextToken : undefined),
  });
export const useTransactions = () => useInfiniteQuery(transactionsQueryOptions());
