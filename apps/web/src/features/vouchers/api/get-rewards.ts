import { queryOptions, useQuery } from '@tanstack/react-query';
import { vouchersPaths } from '@app/contracts/vouchers-paths';
import { rewardsResponseSchema } from '@app/contracts/vouchers';
import { request } from '../../../shared/http/client.ts';

/** GET /offers-api/rewards[?zero=true]: what points can be spent on (docs/decisions/011). */
export const getRewards = (zero: boolean) =>
  request(vouchersPaths.rewards(zero), {
    schema: rewardsResponseSchema,
    redirectOnUnauthorized: false,
  });
export const useRewards = (zero = false) =>
  useQuery(
    queryOptions({ queryKey: ['rewards', zero], queryFn: () => getRewards(zero), staleTime: 10 * 60_000 }),
  );
