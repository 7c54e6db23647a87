import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NectarId } from '@app/contracts/card';
import { NECTAR_ID_PATH } from '@app/contracts/offline';
import { request } from '../../../shared/http/client.ts';

export const nectarIdQueryKey = ['card', 'nectar-id'] as const;

/**
 * GET /customer-management-api/customer/nectar-id with JSON accept and content type
 * (docs/product/calls-and-errors.md §S7.2).
 */
export const getNectarId = () =>
  request<NectarId>(NECTAR_ID_PATH, {
    headers: { 'content-type': 'application/json' },
  });

export const nectarIdQueryOptions = () =>
  queryOptions({ queryKey: nectarIdQueryKey, queryFn: getNectarId, staleTime: 5 * 60_000 });
export const useNectarId = () => useQuery(nectarIdQueryOptions());
