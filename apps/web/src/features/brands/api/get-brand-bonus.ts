import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Brand } from '@app/contracts/brands';
import { request } from '../../../shared/http/client.ts';
import { hasSessionMarker } from '../../../shared/session/session-marker.ts';

type BonusResponse = { brandDetailsKey: string; bonus: Brand['bonus'] };

/** GET /nectar-brands-api/bonus/{key} signed in, GET /anonymous-nectar-brands-api/bonus/{key} otherwise. */
export const getBrandBonus = (key: string) =>
  hasSessionMarker()
    ? request<BonusResponse>(`/nectar-brands-api/bonus/${encodeURIComponent(key)}`, {
        redirectOnUnauthorized: false,
      }).catch(() => request<BonusResponse>(`/anonymous-nectar-brands-api/bonus/${encodeURIComponent(key)}`))
    : request<BonusResponse>(`/anonymous-nectar-brands-api/bonus/${encodeURIComponent(key)}`);

export const brandBonusQueryOptions = (key: string) =>
  queryOptions({ queryKey: ['brand-bonus', key], queryFn: () => getBrandBonus(key), staleTime: 60_000 });
export const useBrandBonus = (key: string, enabled = true) =>
  useQuery({ ...brandBonusQueryOptions(key), enabled });
