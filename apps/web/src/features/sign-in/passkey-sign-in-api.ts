import type { AuthenticationResponse } from '@app/contracts/passkeys';
import { PASSKEY_PATHS } from '@app/contracts/passkeys-constants';
import { request } from '../../shared/http/client.ts';

/** POST /session-api/session/passkey/options: a challenge for this login interaction (5 minutes, once). */
export const getPasskeySignInOptions = async (interaction: string, signal?: AbortSignal) =>
  request(PASSKEY_PATHS.signInOptions, {
    method: 'POST',
    body: { interaction },
    // The schemas bring zod: loaded with the call, not with the sign-in page (ADR 040).
    schema: (await import('@app/contracts/passkeys')).requestOptionsSchema,
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
    schema: (await import('@app/contracts/sign-in')).collectorSessionResponseSchema,
    redirectOnUnauthorized: false,
  });
  return answer.location;
}
