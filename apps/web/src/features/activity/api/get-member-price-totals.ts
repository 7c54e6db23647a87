import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { memberPriceTotalsSchema } from '@app/contracts/activity';
import { request } from '../../../shared/http/client.ts';

export type MemberPriceTotals = z.infer<typeof memberPriceTotalsSchema>;

/** GET /nectar-shared-transactions-api/nectar-prices/totals: member-price savings in total and per month. */
export const getMemberPriceTotals = () =>
  request<MemberPriceTotals>('/nectar-shared-transactions-api/nectar-prices/totals');
export const useMemberPriceTotals = () =>
  useQuery(queryOptions({ queryKey: ['activity', 'member-price-totals'], queryFn: getMemberPriceTotals }));
