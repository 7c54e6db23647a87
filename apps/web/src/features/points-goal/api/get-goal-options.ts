import { queryOptions, useQuery } from '@tanstack/react-query';
import { pointsGoalPaths } from '@app/contracts/points-goal-paths';
import type { goalOptionsResponseSchema } from '@app/contracts/points-goal';
import { request, type AnswerOf } from '../../../shared/http/client.ts';

/** GET /ledger-api/points-goal/options: the vouchers and partner conversions a goal can be. */
export const getGoalOptions = () =>
  request<AnswerOf<typeof goalOptionsResponseSchema>>(pointsGoalPaths.options);

export const useGoalOptions = (enabled = true) =>
  useQuery(
    queryOptions({
      queryKey: ['points-goal-options'],
      queryFn: getGoalOptions,
      staleTime: 10 * 60_000,
      enabled,
    }),
  );
