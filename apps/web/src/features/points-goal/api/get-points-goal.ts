import { queryOptions, useQuery } from '@tanstack/react-query';
import { pointsGoalPaths } from '@app/contracts/points-goal-paths';
import { pointsGoalResponseSchema } from '@app/contracts/points-goal';
import { request } from '../../../shared/http/client.ts';
import { balanceQueryKey } from '../../../shared/session/get-balance.ts';

/**
 * Under the balance's key: whatever refreshes the balance (a spend, a conversion) refreshes the goal's progress
 * too, as points arrive or go.
 */
export const pointsGoalQueryKey = [...balanceQueryKey, 'points-goal'] as const;

/** GET /ledger-api/points-goal: the member's goal and where they stand, or null (ADR 042). */
export const getPointsGoal = () => request(pointsGoalPaths.goal, { schema: pointsGoalResponseSchema });

export const pointsGoalQueryOptions = () =>
  queryOptions({
    queryKey: pointsGoalQueryKey,
    queryFn: getPointsGoal,
    // Points arrive while the page is open (a shop, a partner): asked again on coming back to the page, and
    // every minute while it is in view.
    refetchOnWindowFocus: true,
    refetchInterval: 60_000,
  });
export const usePointsGoal = () => useQuery(pointsGoalQueryOptions());
