import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PointsHistory } from '@app/contracts/points-history';
import { pointsHistoryPaths } from '@app/contracts/points-history-paths';
import { request } from '../../../shared/http/client.ts';

/** GET /ledger-api/points-history (ADR 041): the member's last 12 months of points. */
export const getPointsHistory = () =>
  // Unparsed: the points history page draws without zod (ADR 048); typed from the contract.
  request<PointsHistory>(pointsHistoryPaths.history);
export const pointsHistoryQueryOptions = () =>
  queryOptions({ queryKey: ['activity', 'points-history'], queryFn: getPointsHistory });
export const usePointsHistory = () => useQuery(pointsHistoryQueryOptions());
