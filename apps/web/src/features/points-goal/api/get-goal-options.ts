import { queryOptions, useQuery } from '@tanstack/react-query';
import { pointsGoalPaths } from '@app/contracts/points-goal-paths';
import { goalOptionsResponseSchema } from '@app/contracts/points-goal';
import { request } from '../../../shared/http/client.ts';

/** GET /ledger-api/points-goal/options: the vouchers and partner conversions a goal can be. */
export const getGoalOptions = () => request(pointsGoalPaths.options, { schema: goalOptionsResponseSchema });

export const useGoalOptions = (enabled = true) =>
  useQuery(
    queryOptions({
      queryKey: ['points-goal-options'],
      queryFn: getGoalOptions,
      staleTime: 10 * 60_000,
      enabled,
    }),
  );
