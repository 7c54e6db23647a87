import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pointsGoalPaths } from '@app/contracts/points-goal-paths';
import { pointsGoalResponseSchema, type GoalChoice } from '@app/contracts/points-goal';
import { request } from '../../../shared/http/client.ts';
import { pointsGoalQueryKey } from './get-points-goal.ts';

/** PUT /ledger-api/points-goal {kind, ...}: the member's one goal, replacing any other. */
export const setPointsGoal = (choice: GoalChoice) =>
  request(pointsGoalPaths.goal, { schema: pointsGoalResponseSchema, method: 'PUT', body: choice });

export function useSetPointsGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPointsGoal,
    onSuccess: (answer) => queryClient.setQueryData(pointsGoalQueryKey, answer),
  });
}
