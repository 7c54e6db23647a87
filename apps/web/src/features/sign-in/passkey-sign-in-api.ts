import { PASSKEY_PATHS, type AuthenticationResponse, type RequestOptions } from '@app/contracts/passkeys';
import { request } from '../../shared/http/client.ts';

/** POST /session-api/session/passkey/options: a challenge for this login interaction (5 minutes, once). */
export const getPasskeySignInOptions = (interaction: string, signal?: AbortSignal) =>
  request<RequestOptions>(PASSKEY_PATHS.signInOptions, {
    method: 'POST',
    body: { interaction },
    redirectOnUnauthorized: false,
    ...(signal ? { signal } : {}),
  });

/**
 * POST /session-api/session/passkey: the passkey's answer; the server finishes the identity provider's login
 * and answers where the browser continues (as the password step does).
 */
export async function signInWithPasskey(interaction: string, response: AuthenticationResponse) {
  const answer = await request<{ location: string }>(PASSKEY_PATHS.signIn, {
    method: 'POST',
    body: { interaction, response },
    redirectOnUnauthorized: false,
  });
  return answer.location;
}
