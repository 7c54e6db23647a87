import { PASSKEY_PATHS, passkeyChangedSchema } from '@app/contracts/passkeys';
import { request } from '../../../shared/http/client.ts';

/** DELETE /customer-management-api/passkeys/{id}: the passkey no longer logs anyone in. */
export const removePasskey = (id: string) =>
  request(PASSKEY_PATHS.one(id), { schema: passkeyChangedSchema, method: 'DELETE' });
