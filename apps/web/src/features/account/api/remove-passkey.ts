import { PASSKEY_PATHS } from '@app/contracts/passkeys';
import { request } from '../../../shared/http/client.ts';

/** DELETE /customer-management-api/passkeys/{id}: the passkey no longer logs anyone in. */
export const removePasskey = (id: string) =>
  request<{ description: string }>(PASSKEY_PATHS.one(id), { method: 'DELETE' });
