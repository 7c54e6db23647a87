import { signInMessages } from '@app/contracts/sign-in';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import {
  clearFailures,
  findCredentialByCard,
  findCredentialByEmail,
  lock,
  recordFailure,
  type CredentialRow,
} from './repository.ts';

/** Wrong passwords in a row before the account locks (issue 4, DESIGN.md 5). */
export const MAX_FAILED_ATTEMPTS = 5;
/** First lockout length; each further lockout doubles it, up to a day. */
export const BASE_LOCKOUT_MINUTES = 15;
const MAX_LOCKOUT_MINUTES = 24 * 60;

export const lockoutMinutes = (previousLockouts: number) =>
  Math.min(BASE_LOCKOUT_MINUTES * 2 ** previousLockouts, MAX_LOCKOUT_MINUTES);

const invalid = () => new AppError(401, 'INVALID_CREDENTIALS', signInMessages.invalidCredentials);
const locked = (until: Date, now: Date) =>
  new AppError(
    403,
    'ACCOUNT_LOCKED',
    signInMessages.lockedOut(Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000))),
  );

let dummyHash: Promise<string> | undefined;
/** A hash to verify against when no account matches, so an unknown card costs the same time as a wrong password. */
const timingDummy = () => (dummyHash ??= hashPassword('not-a-password-of-anyone-9!'));

export type SignInIdentifier = { cardNumber: string } | { email: string };

/**
 * Checks a password for a card number or email: one answer (401, same message) for an unknown account and a
 * wrong password; a lockout after MAX_FAILED_ATTEMPTS wrong passwords, time-boxed and growing with each
 * lockout, with a message that points to password reset.
 */
export async function verifyCredentials(
  db: Database,
  identifier: SignInIdentifier,
  password: string,
  now = new Date(),
): Promise<CredentialRow> {
  const credential =
    'cardNumber' in identifier
      ? await findCredentialByCard(db, identifier.cardNumber)
      : await findCredentialByEmail(db, identifier.email);
  if (!credential) {
    await verifyPassword(await timingDummy(), password);
    throw invalid();
  }
  if (credential.lockedUntil && credential.lockedUntil > now) throw locked(credential.lockedUntil, now);
  if (await verifyPassword(credential.passwordHash, password)) {
    if (credential.failedAttempts > 0 || credential.lockedUntil)
      await clearFailures(db, credential.collectorId);
    return credential;
  }
  const failures = await recordFailure(db, credential.collectorId);
  if (failures >= MAX_FAILED_ATTEMPTS) {
    const until = new Date(now.getTime() + lockoutMinutes(credential.lockouts) * 60_000);
    await lock(db, credential.collectorId, until);
    throw locked(until, now);
  }
  throw invalid();
}
