import { queryOptions, useQuery } from '@tanstack/react-query';
import { marketingPaths } from '@app/contracts/marketing-paths';
import type { Statistic } from '@app/contracts/marketing';
import { request } from '../../../shared/http/client.ts';

/** GET /marketing-api/statistics/{x} (ADR 015). */
export const getStatistic = (name: string) =>
  // Unparsed: the statistics page draws without zod (ADR 048); typed from the contract.
  request<Statistic>(marketingPaths.statistic(name));
export const statisticQueryOptions = (name: string) =>
  queryOptions({
    queryKey: ['marketing', 'statistics', name],
    queryFn: () => getStatistic(name),
    retry: false,
  });
export const useStatistic = (name: string) => useQuery(statisticQueryOptions(name));
