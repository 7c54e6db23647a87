import { accountPaths } from '@app/contracts/account-paths';
import { request } from '../../../shared/http/client.ts';

/** DELETE /identity-api/connected-apps/{clientId}: the app's access ends at once (ADR 017). */
export const disconnectApp = (clientId: string) =>
  request<void>(accountPaths.connectedApp(clientId), { method: 'DELETE' });
