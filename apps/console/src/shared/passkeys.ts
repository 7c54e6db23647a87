import {
  creationOptionsSchema,
  requestOptionsSchema,
  type AuthenticationResponse,
  type RegistrationResponse,
} from '@app/contracts/passkeys';
import {
  staffMeSchema,
  staffPasskeyMessages,
  staffPasskeySchema,
  staffPasskeysSchema,
} from '@app/contracts/staff';
import { ConsoleApiError, callApi } from './api.ts';

/** The calls of the console's passkeys (docs/staff-console.md "Signing in"), each answer parsed by its contract. */
export const passkeysApi = {
  signInOptions: () => callApi('POST', '/staff-api/session/passkey/options', requestOptionsSchema),
  signIn: (response: AuthenticationResponse) =>
    callApi('POST', '/staff-api/session/passkey', staffMeSchema, { response }),
  list: () => callApi('GET', '/staff-api/passkeys', staffPasskeysSchema),
  registrationOptions: () =>
    callApi('POST', '/staff-api/passkeys/registration-options', creationOptionsSchema),
  add: (name: string, response: RegistrationResponse) =>
    callApi('POST', '/staff-api/passkeys', staffPasskeySchema, { name, response }),
  remove: (id: string) => callApi('DELETE', `/staff-api/passkeys/${encodeURIComponent(id)}`, undefined),
};

/** The browser's WebAuthn library, loaded when a passkey is used rather than with the console's first page. */
const webAuthn = () => import('@simplewebauthn/browser');

/** Whether this browser can run a WebAuthn ceremony at all: the console offers passkeys only where it can. */
export const browserHasPasskeys = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/**
 * Signs in with a passkey: the server's challenge, the browser's passkey sheet (the person picks a passkey and
 * unlocks it), then the server checks the answer and starts the console session. Answers who signed in.
 */
export async function signInWithPasskey() {
  const { startAuthentication } = await webAuthn();
  const optionsJSON = await passkeysApi.signInOptions();
  const response = await startAuthentication({ optionsJSON });
  return passkeysApi.signIn(response as AuthenticationResponse);
}

/** Makes a passkey on this device for the member of staff signed in, and keeps it under `name`. */
export async function addPasskey(name: string) {
  const { startRegistration } = await webAuthn();
  const optionsJSON = await passkeysApi.registrationOptions();
  const response = await startRegistration({ optionsJSON });
  return passkeysApi.add(name, response as RegistrationResponse);
}

/** The sheet was closed, or timed out: the platform's NotAllowedError (as the library passes it on). */
const cancelled = (failure: unknown) =>
  failure instanceof Error && (failure.name === 'NotAllowedError' || failure.name === 'AbortError');

/** Why a passkey sign-in failed, in the console's words: what the server said, or the browser. */
export function signInFailure(failure: unknown) {
  if (failure instanceof ConsoleApiError) return failure.description;
  return cancelled(failure) ? staffPasskeyMessages.cancelled : staffPasskeyMessages.refused;
}

/** Why adding a passkey failed: what the server said, this device already has one, or the sheet was closed. */
export function addFailure(failure: unknown) {
  if (failure instanceof ConsoleApiError) return failure.description;
  if ((failure as { code?: string } | null)?.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
    return staffPasskeyMessages.alreadyAdded;
  }
  return cancelled(failure) ? staffPasskeyMessages.addCancelled : staffPasskeyMessages.addFailed;
}
