import { queryOptions, useQuery } from '@tanstack/react-query';
import { brandsPaths } from '@app/contracts/brands-paths';
import { brandBonusResponseSchema } from '@app/contracts/brands';
import { request } from '../../../shared/http/client.ts';
import { hasSessionMarker } from '../../../shared/session/session-marker.ts';

/** GET /nectar-brands-api/bonus/{key} signed in, GET /anonymous-nectar-brands-api/bonus/{key} otherwise. */
export const getBrandBonus = (key: string) =>
  hasSessionMarker()
    ? request(brandsPaths.bonus(key), {
        redirectOnUnauthorized: false,
        schema: brandBonusResponseSchema,
      }).catch(() =>
        request(brandsPaths.anonymousBonus(key), {
          schema: brandBonusResponseSchema,
        }),
      )
    : request(brandsPaths.anonymousBonus(key), {
        schema: brandBonusResponseSchema,
      });

export const brandBonusQueryOptions = (key: string) =>
  queryOptions({ queryKey: ['brand-bonus', key], queryFn: () => getBrandBonus(key), staleTime: 60_000 });
export const useBrandBonus = (key: string, enabled = true) =>
  useQuery({ ...brandBonusQueryOptions(key), enabled });
