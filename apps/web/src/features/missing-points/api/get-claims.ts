import { queryOptions, useQuery } from '@tanstack/react-query';
import { claimsResponseSchema } from '@app/contracts/missing-points';
import { missingPointsPaths } from '@app/contracts/missing-points-paths';
import { request } from '../../../shared/http/client.ts';

export const claimsQueryKey = ['missing-points', 'claims'] as const;

/** GET /ledger-api/missing-points (ADR 043): the member's claims, newest first. */
export const getClaims = () => request(missingPointsPaths.claims, { schema: claimsResponseSchema });

export const claimsQueryOptions = () => queryOptions({ queryKey: claimsQueryKey, queryFn: getClaims });
export const useClaims = () => useQuery(claimsQueryOptions());
