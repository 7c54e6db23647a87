import { accountMessages } from '@app/contracts/account';
import type { FastifyRequest } from 'fastify';
import { describeDevice, type AccountEventType } from '@app/contracts/account';
import { brand } from '@app/contracts/brand';
import { signInMessages } from '@app/contracts/sign-in';
import {
  MAX_PASSKEYS,
  PASSKEY_ERROR_CODES,
  passkeyMessages,
  type AuthenticationResponse,
  type CreationOptions,
  type Passkey,
  type RegistrationResponse,
  type RequestOptions,
} from '@app/contracts/passkeys';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashOf } from '../../lib/token-hash.ts';
import * as webAuthn from '../../lib/webauthn.ts';
import type { CredentialsService } from '../credentials/service.ts';
import { passkeyNameFor } from './authenticator-names.ts';
import * as repo from './repository.ts';

type Req = Pick<FastifyRequest, 'ip' | 'headers'>;

export interface PasskeyDeps {
  db: Database;
  /** Writes the member's security log (the account module's, handed in by routes.ts). */
  recordEvent: (
    req: Req,
    collectorId: string,
    type: AccountEventType,
    detail?: Record<string, unknown>,
  ) => Promise<void>;
  /** The configured public origin (PUBLIC_URL): the only origin an answer may come from. */
  publicUrl: string;
  clock: Clock;
  /** The password's lockout, which a passkey sign-in counts against too (the session-api module's). */
  verifyOtherFactor: CredentialsService['verifyOtherFactor'];
}

const expectedOrigin = (deps: PasskeyDeps) => new URL(deps.publicUrl).origin;

const expired = () => new AppError(400, PASSKEY_ERROR_CODES.expired, passkeyMessages.expired);
const refused = () => new AppError(401, PASSKEY_ERROR_CODES.refused, passkeyMessages.refused);

/** The challenge a ceremony's answer signed, read from its client data (checked again by the verification). */
function challengeOf(clientDataJSON: string): string {
  const challenge = webAuthn.challengeOf(clientDataJSON);
  if (challenge === undefined) throw expired();
  return challenge;
}

async function newChallenge(
  deps: PasskeyDeps,
  challenge: string,
  purpose: repo.ChallengePurpose,
  binding: string,
  collectorId: string | null,
) {
  const now = deps.clock.now();
  await repo.insertChallenge(deps.db, {
    challenge,
    purpose,
    bindingHash: hashOf(`${purpose}:${binding}`),
    collectorId,
    expiresAt: new Date(now.getTime() + webAuthn.CHALLENGE_LIFETIME_MS),
  });
}

const takeChallenge = (
  deps: PasskeyDeps,
  challenge: string,
  purpose: repo.ChallengePurpose,
  binding: string,
) => repo.takeChallenge(deps.db, challenge, purpose, hashOf(`${purpose}:${binding}`), deps.clock.now());

const toPasskey = (row: repo.PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  device: row.device,
  synced: row.backedUp,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/* ---------- the security page ---------- */

/** A member's passkeys, oldest first, by name: never a key or a credential id (the staff console too). */
export const passkeysOf = async (db: Database, collectorId: string): Promise<Passkey[]> =>
  (await repo.listPasskeys(db, collectorId)).map(toPasskey);

const listPasskeys = (deps: PasskeyDeps, collectorId: string) => passkeysOf(deps.db, collectorId);

/**
 * The options of navigator.credentials.create() for a new passkey of a signed-in member (the caller has
 * checked the step-up code): a discoverable credential with user verification, so that the passkey alone
 * signs the member in; the member's passkeys are excluded, so one authenticator is not added twice. The
 * challenge is bound to the web session.
 */
async function registrationOptions(
  deps: PasskeyDeps,
  collectorId: string,
  sessionToken: string,
  rpId: string,
  /** Until when the session's step-up code holds (ms): adding a passkey needs one. */
  reauthUntil: number,
): Promise<CreationOptions> {
  if (!(reauthUntil > deps.clock.now().getTime())) {
    throw new AppError(403, 'REAUTH_REQUIRED', accountMessages.codeNeeded);
  }
  const holder = await repo.findPasskeyHolder(deps.db, collectorId);
  if (!holder) throw new AppError(401, 'UNAUTHENTICATED', signInMessages.logInToContinue);
  const existing = await repo.listPasskeys(deps.db, collectorId);
  if (existing.length >= MAX_PASSKEYS) {
    throw new AppError(409, PASSKEY_ERROR_CODES.tooMany, passkeyMessages.tooMany);
  }
  const fullName = [holder.firstName, holder.lastName].filter(Boolean).join(' ');
  const options = await webAuthn.newPasskeyOptions({
    rpName: brand.name,
    rpId,
    owner: collectorId,
    // What the browser shows beside the passkey: the card number the member knows it by.
    userName: holder.cardNumber
      ? holder.cardNumber.replace(/(\d{4})(?=\d)/g, '$1 ')
      : (holder.email ?? brand.name),
    userDisplayName: fullName || brand.name,
    exclude: existing,
  });
  await newChallenge(deps, options.challenge, 'registration', sessionToken, collectorId);
  return options as CreationOptions;
}

/**
 * Checks the browser's new credential against the challenge this session was given and stores its public key,
 * named after its password manager when that is known, with the device it was added on.
 */
async function addPasskey(
  deps: PasskeyDeps,
  req: Req,
  collectorId: string,
  sessionToken: string,
  response: RegistrationResponse,
  rpId: string,
): Promise<Passkey> {
  const challenge = challengeOf(response.response.clientDataJSON);
  const taken = await takeChallenge(deps, challenge, 'registration', sessionToken);
  if (!taken || taken.collectorId !== collectorId) throw expired();
  const info = await webAuthn.verifyNewPasskey({
    response,
    challenge,
    origin: expectedOrigin(deps),
    rpId,
  });
  if (!info) throw new AppError(400, PASSKEY_ERROR_CODES.refused, passkeyMessages.addFailed);
  if ((await repo.countPasskeys(deps.db, collectorId)) >= MAX_PASSKEYS) {
    throw new AppError(409, PASSKEY_ERROR_CODES.tooMany, passkeyMessages.tooMany);
  }
  const userAgent = req.headers['user-agent'];
  const stored = await repo.insertPasskey(deps.db, {
    collectorId,
    credentialId: info.credentialId,
    publicKey: info.publicKey,
    counter: info.counter,
    transports: info.transports,
    name: passkeyNameFor(info.aaguid),
    device: describeDevice(typeof userAgent === 'string' ? userAgent : undefined),
    aaguid: info.aaguid,
    backedUp: info.backedUp,
  });
  if (!stored) throw new AppError(409, PASSKEY_ERROR_CODES.alreadyAdded, passkeyMessages.alreadyAdded);
  await deps.recordEvent(req, collectorId, 'passkey-added');
  return toPasskey(stored);
}

async function renamePasskey(deps: PasskeyDeps, req: Req, collectorId: string, id: string, name: string) {
  if (!(await repo.renamePasskey(deps.db, collectorId, id, name))) {
    throw new AppError(404, PASSKEY_ERROR_CODES.notFound, passkeyMessages.notFound);
  }
  await deps.recordEvent(req, collectorId, 'passkey-renamed');
  return { description: passkeyMessages.renamed };
}

/** Removes one passkey: it signs no one in from now on (its holder's device may still offer it). */
async function removePasskey(deps: PasskeyDeps, req: Req, collectorId: string, id: string) {
  const removed = await repo.deletePasskey(deps.db, collectorId, id);
  if (!removed) throw new AppError(404, PASSKEY_ERROR_CODES.notFound, passkeyMessages.notFound);
  await deps.recordEvent(req, collectorId, 'passkey-removed');
  return { description: passkeyMessages.removed };
}

/**
 * Closing the account removes its passkeys; a password reset does not, as the passkey
 * never depended on the password. Answers how many were removed.
 */
export const removeAllPasskeys = (db: Database, collectorId: string) =>
  repo.deleteAllPasskeys(db, collectorId);

/* ---------- sign-in, inside the provider's login interaction ---------- */

/**
 * The options of navigator.credentials.get() for the card-number page: no allow list (the passkey the member
 * picks names the account), user verification required. The challenge is bound to the login interaction.
 */
async function signInOptions(
  deps: PasskeyDeps,
  interactionUid: string,
  rpId: string,
): Promise<RequestOptions> {
  const options = await webAuthn.signInOptions(rpId);
  await newChallenge(deps, options.challenge, 'authentication', interactionUid, null);
  return options as RequestOptions;
}

/**
 * Checks a passkey's answer for the login interaction `interactionUid`: the challenge must be the one that
 * interaction was given (once, within its life); the passkey must belong to an active account; its signature,
 * origin, RP id, user verification and counter must verify. Attempts count against the account's lockout as
 * wrong passwords do, and each outcome on a known passkey is written to the member's security log. Answers
 * the member it signs in, and whether the passkey is synced (a software key) or bound to its device.
 */
async function verifySignIn(
  deps: PasskeyDeps,
  req: Req,
  interactionUid: string,
  response: AuthenticationResponse,
  rpId: string,
): Promise<{ collectorId: string; synced: boolean }> {
  const challenge = challengeOf(response.response.clientDataJSON);
  if (!(await takeChallenge(deps, challenge, 'authentication', interactionUid))) throw expired();
  const passkey = await repo.findPasskeyForSignIn(deps.db, response.id);
  if (!passkey) {
    throw new AppError(401, PASSKEY_ERROR_CODES.notRecognised, passkeyMessages.notRecognised);
  }
  const now = deps.clock.now();
  let verified: { newCounter: number; credentialBackedUp: boolean } | undefined;
  try {
    await deps.verifyOtherFactor(
      passkey.collectorId,
      async () => {
        verified = await webAuthn.verifyPasskeyAnswer({
          response,
          challenge,
          origin: expectedOrigin(deps),
          rpId,
          owner: passkey.collectorId,
          passkey,
        });
        return verified !== undefined;
      },
      refused,
      now,
    );
  } catch (error) {
    await deps.recordEvent(req, passkey.collectorId, 'passkey-refused', {
      reason: error instanceof AppError ? error.code : 'error',
    });
    throw error;
  }
  if (!verified) throw refused();
  const counted = await repo.recordUse(deps.db, passkey.id, {
    counter: verified.newCounter,
    backedUp: verified.credentialBackedUp,
    at: now,
  });
  if (!counted) {
    // Another sign-in presented this counter first: an answer used twice, or a copied authenticator.
    await deps.recordEvent(req, passkey.collectorId, 'passkey-refused', { reason: 'COUNTER_REPEATED' });
    throw refused();
  }
  await deps.recordEvent(req, passkey.collectorId, 'passkey-used');
  return { collectorId: passkey.collectorId, synced: verified.credentialBackedUp };
}

/**
 * Passkeys (docs/decisions/029): the security page's list, add, rename and remove, and sign-in by
 * passkey for the identity provider's login interaction, each bound to the same deps.
 */
export function createPasskeyService(deps: PasskeyDeps) {
  const bound =
    <A extends unknown[], R>(rule: (deps: PasskeyDeps, ...args: A) => R) =>
    (...args: A) =>
      rule(deps, ...args);
  return {
    listPasskeys: bound(listPasskeys),
    registrationOptions: bound(registrationOptions),
    addPasskey: bound(addPasskey),
    renamePasskey: bound(renamePasskey),
    removePasskey: bound(removePasskey),
    signInOptions: bound(signInOptions),
    verifySignIn: bound(verifySignIn),
  };
}
