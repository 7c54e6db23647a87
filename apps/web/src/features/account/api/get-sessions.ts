import { useQuery } from '@tanstack/react-query';
import { accountPaths } from '@app/contracts/account-paths';
import { accountSessionsSchema } from '@app/contracts/account';
import { request } from '../../../shared/http/client.ts';

export const sessionsQueryKey = ['account', 'sessions'] as const;

/** The member's live sessions (the security page). */
export const getSessions = () => request(accountPaths.sessions, { schema: accountSessionsSchema });
export const useSessions = () => useQuery({ queryKey: sessionsQueryKey, queryFn: getSessions });
