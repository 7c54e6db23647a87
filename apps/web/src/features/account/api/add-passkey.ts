import {
  PASSKEY_PATHS,
  creationOptionsSchema,
  type RegistrationResponse,
  passkeyAddedSchema,
} from '@app/contracts/passkeys';
import { request } from '../../../shared/http/client.ts';

/**
 * POST registration-options: the challenge for a new passkey of this session. Needs a code verified in this
 * session (POST /2fa/verify) within the last 10 minutes: 403 REAUTH_REQUIRED otherwise.
 */
export const getPasskeyRegistrationOptions = () =>
  request(PASSKEY_PATHS.registrationOptions, { schema: creationOptionsSchema, method: 'POST' });

/** POST /customer-management-api/passkeys: the browser's new passkey for that challenge. */
export const addPasskey = (response: RegistrationResponse) =>
  request(PASSKEY_PATHS.list, { schema: passkeyAddedSchema, method: 'POST', body: { response } });
