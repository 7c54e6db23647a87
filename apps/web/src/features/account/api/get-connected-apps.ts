import { useQuery } from '@tanstack/react-query';
import { accountPaths } from '@app/contracts/account-paths';
import { connectedAppsResponseSchema } from '@app/contracts/connected-apps';
import { request } from '../../../shared/http/client.ts';

export const connectedAppsQueryKey = ['account', 'connected-apps'] as const;

/** GET /identity-api/connected-apps: the apps the member has let into their account (ADR 017). */
export const getConnectedApps = () =>
  request(accountPaths.connectedApps, { schema: connectedAppsResponseSchema });
export const useConnectedApps = () =>
  useQuery({ queryKey: connectedAppsQueryKey, queryFn: getConnectedApps });
