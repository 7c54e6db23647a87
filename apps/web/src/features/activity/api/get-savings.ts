import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { activityPaths } from '@app/contracts/activity-paths';
import { ACTIVITY_START_DATE, type SavingsResponse } from '@app/contracts/activity';
import { request } from '../../../shared/http/client.ts';

/**
 * GET /customer-management-api/customer/savings?fromDate&toDate&pageOffset
 * (docs/product/calls-and-errors.md §S7.6).
 */
export const getSavings = (pageOffset: number, fromDate = ACTIVITY_START_DATE) =>
  // Unparsed: the savings page draws without zod (ADR 048); typed from the contract.
  request<SavingsResponse>(
    activityPaths.savings(new URLSearchParams({ fromDate, pageOffset: String(pageOffset) })),
  );

/** Stops paging when no next offset comes back (docs/product/signed-in-pages.md §S4). */
export const useSavings = () =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['activity', 'savings'],
      queryFn: ({ pageParam }) => getSavings(pageParam),
      initialPageParam: 0,
      getNextPageParam: (last) => last.pageOffset ?? undefined,
    }),
  );
