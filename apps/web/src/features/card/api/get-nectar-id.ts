import { queryOptions, useQuery } from '@tanstack/react-query';
import { nectarIdSchema } from '@app/contracts/card';
import { NECTAR_ID_PATH } from '@app/contracts/offline';
import { request } from '../../../shared/http/client.ts';

export const nectarIdQueryKey = ['card', 'nectar-id'] as const;

/**
 * GET /customer-management-api/customer/nectar-id with JSON accept and content type
 * (docs/product/calls-and-errors.md §S7.2).
 */
export const getNectarId = () =>
  request(NECTAR_ID_PATH, {
    schema: nectarIdSchema,
    headers: { 'content-type': 'application/json' },
  });

export const nectarIdQueryOptions = () =>
  queryOptions({ queryKey: nectarIdQueryKey, queryFn: getNectarId, staleTime: 5 * 60_000 });
export const useNectarId = () => useQuery(nectarIdQueryOptions());
