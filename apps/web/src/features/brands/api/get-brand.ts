import { queryOptions, useQuery } from '@tanstack/react-query';
import { brandsPaths } from '@app/contracts/brands-paths';
import { brandSchema } from '@app/contracts/brands';
import { request } from '../../../shared/http/client.ts';
import { hasSessionMarker } from '../../../shared/session/session-marker.ts';

/**
 * GET /nectar-brands-api/brands/{key} for a signed-in member, GET /anonymous-nectar-brands-api/brands/{key}
 * otherwise (docs/product/calls-and-errors.md §S7.1).
 */
export const getBrand = (key: string) =>
  hasSessionMarker()
    ? request(brandsPaths.brand(key), {
        redirectOnUnauthorized: false,
        schema: brandSchema,
      }).catch(() => request(brandsPaths.anonymousBrand(key), { schema: brandSchema }))
    : request(brandsPaths.anonymousBrand(key), { schema: brandSchema });

export const brandQueryOptions = (key: string) =>
  queryOptions({ queryKey: ['brand', key], queryFn: () => getBrand(key), staleTime: 60_000 });
/** Asked only for a key the brand list holds, so an unknown address shows 'not found' without a failed call. */
export const useBrand = (key: string, enabled = true) => useQuery({ ...brandQueryOptions(key), enabled });
