import { randomBytes } from 'node:crypto';
import { eq, lt, type Column } from 'drizzle-orm';
import type { AuthenticationResponse, RegistrationResponse } from '@app/contracts/passkeys';

/**
 * WebAuthn as both kinds of passkey use it, the members' (docs/decisions/029-passkeys.md) and the staff
 * console's (docs/staff-console.md "Signing in"), through @simplewebauthn/server: discoverable credentials
 * with user verification, so that a passkey alone signs its holder in; challenges of 5 minutes; the answer's
 * origin, RP id, signature and counter checked. Each side keeps its own tables, wording and audit.
 */

/**
 * The WebAuthn library (and the certificate parsers under it) is loaded on the first passkey call, not at
 * start: about 130 ms of a server's start-up for a feature few requests use.
 */
const webAuthn = () => import('@simplewebauthn/server');

/** A challenge lives this long (the browser's own time-out is a little shorter). */
export const CHALLENGE_LIFETIME_MS = 5 * 60_000;
const CEREMONY_TIMEOUT_MS = 4 * 60_000;
/** EdDSA, ES256, RS256: what platform authenticators, password managers and security keys use. */
const ALGORITHMS = [-8, -7, -257];

/**
 * The authenticator's user handle for an account: the 16 bytes of its uuid. It names no one outside this
 * scheme (no card number, no email) and lets a sign-in check the passkey answered for its holder.
 */
const userHandleOf = (id: string) => new Uint8Array(Buffer.from(id.replace(/-/g, ''), 'hex'));

/**
 * The challenge a ceremony's answer signed, read from its client data (the verification checks it again);
 * undefined when the client data names none.
 */
export function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const clientData = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as unknown;
    const challenge = (clientData as { challenge?: unknown } | null)?.challenge;
    if (typeof challenge === 'string' && /^[\w-]{16,128}$/.test(challenge)) return challenge;
  } catch {
    // Not JSON: no challenge of ours.
  }
  return undefined;
}

/**
 * The options of navigator.credentials.create() for a new passkey of `owner` (an account's uuid): a
 * discoverable credential with user verification; `exclude` lists the owner's passkeys, so one authenticator
 * is not added twice.
 */
export async function newPasskeyOptions(request: {
  rpName: string;
  rpId: string;
  owner: string;
  userName: string;
  userDisplayName: string;
  exclude: ReadonlyArray<{ credentialId: string; transports: string[] }>;
}) {
  return (await webAuthn()).generateRegistrationOptions({
    rpName: request.rpName,
    rpID: request.rpId,
    userName: request.userName,
    userDisplayName: request.userDisplayName,
    userID: userHandleOf(request.owner),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: request.exclude.map((row) => ({ id: row.credentialId, transports: row.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: ALGORITHMS,
    extensions: { credProps: true },
  });
}

/**
 * A new passkey's answer checked against the challenge it was given, the expected origin and RP id, with user
 * verification: what to store of it, or undefined when it does not verify.
 */
export async function verifyNewPasskey(answer: {
  response: RegistrationResponse;
  challenge: string;
  origin: string;
  rpId: string;
}) {
  const verification = await (
    await webAuthn()
  )
    .verifyRegistrationResponse({
      response: answer.response,
      expectedChallenge: answer.challenge,
      expectedOrigin: answer.origin,
      expectedRPID: answer.rpId,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    })
    .catch(() => undefined);
  if (!verification?.verified) return undefined;
  const info = verification.registrationInfo;
  return {
    credentialId: info.credential.id,
    publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
    counter: info.credential.counter,
    transports: answer.response.response.transports ?? [],
    aaguid: info.aaguid,
    backedUp: info.credentialBackedUp,
  };
}

/**
 * The options of navigator.credentials.get() for a sign-in: no allow list (the passkey the person picks names
 * the account), user verification required.
 */
export async function signInOptions(rpId: string) {
  return (await webAuthn()).generateAuthenticationOptions({
    rpID: rpId,
    userVerification: 'required',
    timeout: CEREMONY_TIMEOUT_MS,
    challenge: randomBytes(32),
  });
}

/**
 * A sign-in's answer checked for the stored passkey of `owner` (an account's uuid): the user handle, when the
 * authenticator gives one, must be the owner's; the signature, origin, RP id, user verification and counter
 * must verify (a counter that did not go up means a copied authenticator: the library refuses it). Answers
 * the new counter and backup state, or undefined.
 */
export async function verifyPasskeyAnswer(answer: {
  response: AuthenticationResponse;
  challenge: string;
  origin: string;
  rpId: string;
  owner: string;
  passkey: { credentialId: string; publicKey: string; counter: number; transports: string[] };
}) {
  const handle = answer.response.response.userHandle;
  if (handle && !Buffer.from(userHandleOf(answer.owner)).equals(Buffer.from(handle, 'base64url'))) {
    return undefined;
  }
  const result = await (
    await webAuthn()
  )
    .verifyAuthenticationResponse({
      response: answer.response,
      expectedChallenge: answer.challenge,
      expectedOrigin: answer.origin,
      expectedRPID: answer.rpId,
      requireUserVerification: true,
      credential: {
        id: answer.passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(answer.passkey.publicKey, 'base64url')),
        counter: answer.passkey.counter,
        transports: answer.passkey.transports,
      },
    })
    .catch(() => undefined);
  return result?.verified ? result.authenticationInfo : undefined;
}

/**
 * The condition under which a verified sign-in writes its counter: the stored one is below the new one (or
 * both are zero: an authenticator that keeps no counter). Two sign-ins that present the same counter race for
 * the one row and one wins.
 */
export const counterMoves = (column: Column, counter: number) =>
  counter === 0 ? eq(column, 0) : lt(column, counter);
