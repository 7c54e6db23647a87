import { signInMessages } from '@app/contracts/sign-in';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { ACCOUNT_LIMITS, countAttempt } from '../../lib/attempt-limits.ts';
import type { Clock } from '../../lib/clock.ts';
import { verifyAgainstNoAccount, verifyPassword } from '../../lib/passwords.ts';
import { hashOf } from '../../lib/token-hash.ts';
import {
  clearFailures,
  findCredentialByCard,
  findCredentialByEmail,
  findLockState,
  lock,
  takeAttemptFor,
  takeAttemptForCollector,
  type CredentialRow,
} from './repository.ts';

export type { CredentialRow } from './repository.ts';
export { liftLockout } from './repository.ts';

/** Wrong passwords in a row before the account locks (docs/security.md "Baseline"). */
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

export type SignInIdentifier = { cardNumber: string } | { email: string };

const unknownKey = (identifier: SignInIdentifier) =>
  `sign-in-unknown:${hashOf('cardNumber' in identifier ? identifier.cardNumber : identifier.email.trim().toLowerCase())}`;

export interface CredentialsDeps {
  db: Database;
  clock: Clock;
}

/**
 * The one credentials unit: the password check with its attempt counting and lockout, used by the password
 * step of sign-in, by the account's password and email changes (the current password) and, for its lockout,
 * by passkeys. Whatever proves who the member is counts against the same attempts.
 */
export function createCredentialsService({ db, clock }: CredentialsDeps) {
  /**
   * Checks a password for a card number or email: one answer (401, same message) for an unknown account and a
   * wrong password; a lockout after MAX_FAILED_ATTEMPTS wrong passwords, time-boxed and growing with each
   * lockout, with a message that points to password reset. Each attempt is taken (counted) before the
   * password is checked, so parallel guesses cannot check more than MAX_FAILED_ATTEMPTS passwords; an
   * identifier with no account locks the same way (ACCOUNT_LIMITS.unknownSignIn), so a lockout does not tell
   * that an account exists.
   */
  const verifyCredentials = async (
    identifier: SignInIdentifier,
    password: string,
    now = clock.now(),
  ): Promise<CredentialRow> => {
    // The attempt is taken in the same statement that finds the credential; only a refusal needs a second
    // look.
    const taken = await takeAttemptFor(db, identifier, MAX_FAILED_ATTEMPTS, now);
    if (!taken) {
      const credential =
        'cardNumber' in identifier
          ? await findCredentialByCard(db, identifier.cardNumber)
          : await findCredentialByEmail(db, identifier.email);
      if (!credential) {
        const limit = ACCOUNT_LIMITS.unknownSignIn;
        const { count, windowEndsAt } = await countAttempt(db, unknownKey(identifier), limit, now);
        if (count > limit.max) throw locked(windowEndsAt, now);
        await verifyAgainstNoAccount(password);
        if (count === limit.max) throw locked(new Date(now.getTime() + lockoutMinutes(0) * 60_000), now);
        throw invalid();
      }
      const until =
        credential.lockedUntil && credential.lockedUntil > now
          ? credential.lockedUntil
          : new Date(now.getTime() + lockoutMinutes(credential.lockouts) * 60_000);
      throw locked(until, now);
    }
    const credential = taken;
    if (await verifyPassword(credential.passwordHash, password)) {
      await clearFailures(db, credential.collectorId, now);
      return credential;
    }
    if (taken.failedAttempts >= MAX_FAILED_ATTEMPTS) {
      const until = new Date(now.getTime() + lockoutMinutes(taken.lockouts) * 60_000);
      await lock(db, credential.collectorId, until, now);
      throw locked(until, now);
    }
    throw invalid();
  };

  /**
   * A sign-in by another factor for a collector that factor already names (a passkey): the password's
   * lockout holds for it too. One attempt is taken before `check` runs, refused while the account is locked
   * (ACCOUNT_LOCKED, the password's message); a passing check clears the failures as a right password does; a
   * failing one counts as a wrong password, answers `refusal`, and locks the account at MAX_FAILED_ATTEMPTS.
   */
  const verifyOtherFactor = async (
    collectorId: string,
    check: () => Promise<boolean>,
    refusal: () => AppError,
    now = clock.now(),
  ): Promise<void> => {
    const taken = await takeAttemptForCollector(db, collectorId, MAX_FAILED_ATTEMPTS, now);
    if (!taken) {
      // Locked, or the last attempts before a lockout are under way; else no active account (closed
      // meanwhile).
      const state = await findLockState(db, collectorId);
      if (state?.lockedUntil && state.lockedUntil > now) throw locked(state.lockedUntil, now);
      if (state && state.failedAttempts >= MAX_FAILED_ATTEMPTS) {
        throw locked(new Date(now.getTime() + lockoutMinutes(state.lockouts) * 60_000), now);
      }
      throw refusal();
    }
    if (await check()) {
      await clearFailures(db, collectorId, now);
      return;
    }
    if (taken.failedAttempts >= MAX_FAILED_ATTEMPTS) {
      const until = new Date(now.getTime() + lockoutMinutes(taken.lockouts) * 60_000);
      await lock(db, collectorId, until, now);
      throw locked(until, now);
    }
    throw refusal();
  };

  return {
    verifyCredentials,
    verifyOtherFactor,
    /** The active account an email address signs in to, if any (without counting an attempt). */
    findByEmail: (email: string) => findCredentialByEmail(db, email),
  };
}

export type CredentialsService = ReturnType<typeof createCredentialsService>;
