import { queryOptions, useQuery } from '@tanstack/react-query';
import { pendingPointsResponseSchema } from '@app/contracts/missing-points';
import { missingPointsPaths } from '@app/contracts/missing-points-paths';
import { request } from '../../../shared/http/client.ts';

export const pendingPointsQueryKey = ['missing-points', 'pending'] as const;

/** GET /ledger-api/pending-points (ADR 043): points on their way, not in the balance yet. */
export const getPendingPoints = () =>
  request(missingPointsPaths.pending, { schema: pendingPointsResponseSchema });

export const usePendingPoints = () =>
  useQuery(queryOptions({ queryKey: pendingPointsQueryKey, queryFn: getPendingPoints }));
