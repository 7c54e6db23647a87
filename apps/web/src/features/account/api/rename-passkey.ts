import { PASSKEY_PATHS } from '@app/contracts/passkeys';
import { request } from '../../../shared/http/client.ts';

/** PATCH /customer-management-api/passkeys/{id} {name}. */
export const renamePasskey = (id: string, name: string) =>
  request<{ description: string }>(PASSKEY_PATHS.one(id), { method: 'PATCH', body: { name } });
