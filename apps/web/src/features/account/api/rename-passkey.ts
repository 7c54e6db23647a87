import { PASSKEY_PATHS, passkeyChangedSchema } from '@app/contracts/passkeys';
import { request } from '../../../shared/http/client.ts';

/** PATCH /customer-management-api/passkeys/{id} {name}. */
export const renamePasskey = (id: string, name: string) =>
  request(PASSKEY_PATHS.one(id), { schema: passkeyChangedSchema, method: 'PATCH', body: { name } });
