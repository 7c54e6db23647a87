import { PASSKEY_PATHS, requestOptionsSchema, type AuthenticationResponse } from '@app/contracts/passkeys';
import { collectorSessionResponseSchema } from '@app/contracts/sign-in';
import { request } from '../../shared/http/client.ts';

/** POST /session-api/session/passkey/options: a challenge for this login interaction (5 minutes, once). */
export const getPasskeySignInOptions = (interaction: string, signal?: AbortSignal) =>
  request(PASSKEY_PATHS.signInOptions, {
    method: 'POST',
    body: { interaction },
    schema: requestOptionsSchema,
    redirectOnUnauthorized: false,
    ...(signal ? { signal } : {}),
  });

/**
 * POST /session-api/session/passkey: the passkey's answer; the server finishes the identity provider's login
 * and answers where the browser continues (as the password step does).
 */
export async function signInWithPasskey(interaction: string, response: AuthenticationResponse) {
  const answer = await request(PASSKEY_PATHS.signIn, {
    method: 'POST',
    body: { interaction, response },
    schema: collectorSessionResponseSchema,
    redirectOnUnauthorized: false,
  });
  return answer.location;
}
