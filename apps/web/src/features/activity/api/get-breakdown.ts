import { queryOptions, useQuery } from '@tanstack/react-query';
import { activityPaths } from '@app/contracts/activity-paths';
import type { Breakdown } from '@app/contracts/activity';
import { request } from '../../../shared/http/client.ts';

/** GET /ledger-api/breakdown: points collected and spent per partner since the activity start date. */
export const getBreakdown = () =>
  // Unparsed: the breakdown page draws without zod (ADR 048); typed from the contract.
  request<Breakdown>(activityPaths.breakdown);
export const useBreakdown = () =>
  useQuery(queryOptions({ queryKey: ['activity', 'breakdown'], queryFn: getBreakdown }));
