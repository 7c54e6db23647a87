import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pointsGoalPaths } from '@app/contracts/points-goal-paths';
import type { PointsGoalResponse } from '@app/contracts/points-goal';
import { request } from '../../../shared/http/client.ts';
import { pointsGoalQueryKey } from './get-points-goal.ts';

/** DELETE /ledger-api/points-goal: no goal any more. */
export const removePointsGoal = () => request<undefined>(pointsGoalPaths.goal, { method: 'DELETE' });

export function useRemovePointsGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePointsGoal,
    onSuccess: () => queryClient.setQueryData<PointsGoalResponse>(pointsGoalQueryKey, { goal: null }),
  });
}
