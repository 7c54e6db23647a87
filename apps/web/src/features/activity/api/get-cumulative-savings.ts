import { queryOptions, useQuery } from '@tanstack/react-query';
import { activityPaths } from '@app/contracts/activity-paths';
import { ACTIVITY_START_DATE, type CumulativeSavings } from '@app/contracts/activity';
import { request } from '../../../shared/http/client.ts';

/**
 * GET /customer-management-api/customer/savings/cumulative?fromDate&toDate
 * (docs/product/calls-and-errors.md §S7.6).
 */
export const getCumulativeSavings = (fromDate = ACTIVITY_START_DATE) =>
  // Unparsed: the savings page draws without zod (ADR 048); typed from the contract.
  request<CumulativeSavings>(activityPaths.cumulativeSavings(fromDate));
export const useCumulativeSavings = () =>
  useQuery(
    queryOptions({ queryKey: ['activity', 'savings', 'cumulative'], queryFn: () => getCumulativeSavings() }),
  );
