import { useQuery } from '@tanstack/react-query';
import type { AccountSession } from '@app/contracts/account';
import { request } from '../../../shared/http/client.ts';

export const sessionsQueryKey = ['account', 'sessions'] as const;

/** The member's live sessions (the security page). */
export const getSessions = () =>
  request<{ sessions: AccountSession[] }>('/customer-management-api/account/sessions');
export const useSessions = () => useQuery({ queryKey: sessionsQueryKey, queryFn: getSessions });
