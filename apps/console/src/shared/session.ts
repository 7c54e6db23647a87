import { useQuery } from '@tanstack/react-query';
import type { StaffAction } from '@app/contracts/staff';
import { staffApi } from './staff-api.ts';

/** The query key of who is signed in; signing in writes it, signing out clears every query. */
export const SESSION_KEY = ['staff-session'] as const;

/**
 * Who is signed in to the console and what their role may do (`GET /staff-api/session`'s `actions`): the
 * console shows only that; the server checks it again on every call.
 */
export function useStaffSession() {
  const session = useQuery({ queryKey: SESSION_KEY, queryFn: staffApi.session, staleTime: 60_000 });
  const actions = new Set(session.data?.actions ?? []);
  return { ...session, may: (action: StaffAction) => actions.has(action) };
}
