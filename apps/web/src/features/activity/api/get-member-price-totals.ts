import { queryOptions, useQuery } from '@tanstack/react-query';
import { activityPaths } from '@app/contracts/activity-paths';
import type { memberPriceTotalsSchema } from '@app/contracts/activity';
import { request, type AnswerOf } from '../../../shared/http/client.ts';

export type MemberPriceTotals = AnswerOf<typeof memberPriceTotalsSchema>;

/** GET /nectar-shared-transactions-api/nectar-prices/totals: member-price savings in total and per month. */
export const getMemberPriceTotals = () => request<MemberPriceTotals>(activityPaths.memberPriceTotals);
export const useMemberPriceTotals = () =>
  useQuery(queryOptions({ queryKey: ['activity', 'member-price-totals'], queryFn: getMemberPriceTotals }));
