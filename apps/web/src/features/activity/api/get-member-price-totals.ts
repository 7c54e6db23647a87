import { queryOptions, useQuery } from '@tanstack/react-query';
import { activityPaths } from '@app/contracts/activity-paths';
import type { memberPriceTotalsSchema } from '@app/contracts/activity';
import { request, type AnswerOf } from '../../../shared/http/client.ts';

/** GET /nectar-shared-transactions-api/nectar-prices/totals: member-price savings in total and per month. */
export const getMemberPriceTotals = () =>
  // Unparsed: the savings page draws without zod (ADR 048); typed from the contract.
  request<AnswerOf<typeof memberPriceTotalsSchema>>(activityPaths.memberPriceTotals);
export const useMemberPriceTotals = () =>
  useQuery(queryOptions({ queryKey: ['activity', 'member-price-totals'], queryFn: getMemberPriceTotals }));
