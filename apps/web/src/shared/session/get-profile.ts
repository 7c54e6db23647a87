import { queryOptions } from '@tanstack/react-query';
import type { Profile } from '@app/contracts/profile';
import { PROFILE_PATH } from '@app/contracts/page-answers';
import { request } from '../http/client.ts';

/** The signed-in collector's profile; 401 without a live session (the session guard's question). */
export const getProfile = (options: { redirectOnUnauthorized?: boolean } = {}) =>
  request<Profile>(PROFILE_PATH, { redirectOnUnauthorized: options.redirectOnUnauthorized ?? true });

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: ['profile'],
    queryFn: () => getProfile({ redirectOnUnauthorized: false }),
    staleTime: 30_000,
  });
