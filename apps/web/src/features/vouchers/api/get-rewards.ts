import { queryOptions, useQuery } from '@tanstack/react-query';
import { rewardsResponseSchema } from '@app/contracts/vouchers';
import { request } from '../../../shared/http/client.ts';

/** GET /offers-api/rewards[?zero=true]: what points can be spent on (docs/decisions/011). */
export const getRewards = (zero: boolean) =>
  request(`/offers-api/rewards${zero ? '?zero=true' : ''}`, {
    schema: rewardsResponseSchema,
    redirectOnUnauthorized: false,
  });
export const useRewards = (zero = false) =>
  useQuery(
    queryOptions({ queryKey: ['rewards', zero], queryFn: () => getRewards(zero), staleTime: 10 * 60_000 }),
  );
