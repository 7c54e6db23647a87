import { queryOptions, useQuery } from '@tanstack/react-query';
import { brandBonusResponseSchema } from '@app/contracts/brands';
import { request } from '../../../shared/http/client.ts';
import { hasSessionMarker } from '../../../shared/session/session-marker.ts';

/** GET /nectar-brands-api/bonus/{key} signed in, GET /anonymous-nectar-brands-api/bonus/{key} otherwise. */
export const getBrandBonus = (key: string) =>
  hasSessionMarker()
    ? request(`/nectar-brands-api/bonus/${encodeURIComponent(key)}`, {
        redirectOnUnauthorized: false,
        schema: brandBonusResponseSchema,
      }).catch(() =>
        request(`/anonymous-nectar-brands-api/bonus/${encodeURIComponent(key)}`, {
          schema: brandBonusResponseSchema,
        }),
      )
    : request(`/anonymous-nectar-brands-api/bonus/${encodeURIComponent(key)}`, {
        schema: brandBonusResponseSchema,
      });

export const brandBonusQueryOptions = (key: string) =>
  queryOptions({ queryKey: ['brand-bonus', key], queryFn: () => getBrandBonus(key), staleTime: 60_000 });
export const useBrandBonus = (key: string, enabled = true) =>
  useQuery({ ...brandBonusQueryOptions(key), enabled });
