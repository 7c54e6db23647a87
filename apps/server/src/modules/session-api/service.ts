import { randomBytes } from 'node:crypto';
import { signInMessages, twoFactorMessages, type DeliveryMethod } from '@app/contracts/sign-in';
import type { Database } from '../../db/database.ts';
import { accountReadEarlier } from '../../lib/account-reads.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { ACCOUNT_LIMITS, countAttempt } from '../../lib/attempt-limits.ts';
import type { Clock } from '../../lib/clock.ts';
import { findPendingCode, issueCode, resendCode, verifyCode } from '../../lib/one-time-codes.ts';
import { textOf } from '../../lib/text-of.ts';
import { hashOf } from '../../lib/token-hash.ts';
import type { Notifier } from '../../plugins/notify.ts';
import { DEVICE_2FA_PURPOSE, destinationOf, sendSignInCode } from './device-2fa.ts';
import {
  clearFailures,
  findCredentialByCard,
  findCredentialByEmail,
  findLockState,
  findSignedInCollector,
  lock,
  takeAttemptFor,
  takeAttemptForCollector,
  type CredentialRow,
} from './repository.ts';

/** Device 2FA's 'this browser is known for this client', for the other ways of signing in (passkeys). */
export { markDeviceKnown } from './device-2fa.ts';
export { browserLoginInteraction } from './login-interaction.ts';

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

const unknownKey = (identifier: SignInIdentifier) =>
  `sign-in-unknown:${hashOf('cardNumber' in identifier ? identifier.cardNumber : identifier.email.trim().toLowerCase())}`;

const EMAIL_SIGN_IN_PURPOSE = 'email-sign-in';

/** A cached access token is reused while it has this much life left (refresh tokens rotate). */
const ACCESS_TOKEN_MARGIN_MS = 30_000;

export interface SessionApiDeps {
  db: Database;
  notify: Notifier;
  clock: Clock;
}

/**
 * The sign-in rules (signed-in spec 7.3): the password check with its lockout, the same lockout for another
 * factor (passkeys), sign-in by email with a code, the device 2FA code's state and the access token's reuse.
 * The routes keep the identity provider's interaction, the cookies and the code exchange.
 */
export function createSessionApiService({ db, notify, clock }: SessionApiDeps) {
  /**
   * Checks a password for a card number or email: one answer (401, same message) for an unknown account and a
   * wrong password; a lockout after MAX_FAILED_ATTEMPTS wrong passwords, time-boxed and growing with each
   * lockout, with a message that points to password reset. Each attempt is taken (counted) before the password
   * is checked, so parallel guesses cannot check more than MAX_FAILED_ATTEMPTS passwords; an identifier with no
   * account locks the same way (ACCOUNT_LIMITS.unknownSignIn), so a lockout does not tell that an account exists.
   */
  const verifyCredentials = async (
    identifier: SignInIdentifier,
    password: string,
    now = clock.now(),
  ): Promise<CredentialRow> => {
    // The attempt is taken in the same statement that finds the credential; only a refusal needs a second look.
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
        await verifyPassword(await timingDummy(), password);
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
   * A sign-in by another factor for a collector that factor already names (a passkey, issue 33): the password's
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
      // Locked, or the last attempts before a lockout are under way; else no active account (closed meanwhile).
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

    /**
     * The active member a finished sign-in names (the provider's subject), else 400 SIGN_IN_FAILED. Inside the
     * code exchange's `withAccountReads`, the provider's own read of that member in this request is used
     * instead of a second one (ADR 047).
     */
    async collectorToSignIn(collectorId: string | undefined) {
      const earlier = collectorId ? accountReadEarlier(collectorId) : undefined;
      if (earlier?.status === 'active') return { id: earlier.id, firstName: earlier.firstName };
      const collector = collectorId ? await findSignedInCollector(db, collectorId) : undefined;
      if (!collector) throw new AppError(400, 'SIGN_IN_FAILED', signInMessages.signInFailed);
      return collector;
    },

    /**
     * Sign-in by email with a code: 6 digits to the address if it belongs to an account, and the same answer
     * (a token that binds the digits to this request) for any address.
     */
    async requestEmailCode(email: string) {
      const token = randomBytes(32).toString('base64url');
      const collector = await findCredentialByEmail(db, email);
      if (collector) {
        const code = await issueCode(
          db,
          {
            collectorId: collector.collectorId,
            purpose: EMAIL_SIGN_IN_PURPOSE,
            binding: token,
            deliveryMethod: 'email',
          },
          clock,
        );
        await sendSignInCode({ notify }, { method: 'email', to: email }, code);
      }
      return token;
    },

    /** The emailed digits as the second factor of the password step: they must be the same member's. */
    async checkEmailCode(token: string, digits: string, collectorId: string) {
      const row = await verifyCode(db, token, EMAIL_SIGN_IN_PURPOSE, digits, clock);
      if (row.collectorId !== collectorId)
        throw new AppError(400, 'CODE_INCORRECT', twoFactorMessages.incorrect);
    },

    /** Where the device 2FA code of a pending sign-in went; a finished, expired or unknown one is refused. */
    async pendingDevice2fa(handle: string) {
      const pending = await findPendingCode(db, handle, DEVICE_2FA_PURPOSE);
      if (!pending || pending.expiresAt <= clock.now()) {
        throw new AppError(400, 'TWO_FACTOR_LINK_INVALID', twoFactorMessages.linkInvalid);
      }
      return {
        deliveryMethod: pending.deliveryMethod as DeliveryMethod,
        maskedDestination: textOf(pending.data.maskedDestination),
      };
    },

    /** The login interaction a device 2FA code waits for, if any (read before the code is checked). */
    async waitingInteraction(handle: string) {
      const waiting = await findPendingCode(db, handle, DEVICE_2FA_PURPOSE);
      return waiting?.data.interactionUid;
    },

    /** Checks the device 2FA code: what waits behind it (the login's client, or the code exchange's tokens). */
    checkDevice2faCode: (handle: string, code: string) =>
      verifyCode(db, handle, DEVICE_2FA_PURPOSE, code, clock),

    /** A new device 2FA code for the pending sign-in (at most 3 sends), sent where the first one went. */
    async resendDevice2faCode(handle: string) {
      const { code, row } = await resendCode(db, handle, DEVICE_2FA_PURPOSE, clock);
      const destination = await destinationOf({ db }, row.collectorId);
      await sendSignInCode({ notify }, destination, code);
      return twoFactorMessages.codeSent(destination.masked);
    },

    /** The session's access token while it has some life left, else undefined (time to refresh). */
    cachedAccessToken(data: Record<string, unknown>) {
      const cachedUntil = typeof data.accessTokenExpiresAt === 'number' ? data.accessTokenExpiresAt : 0;
      if (
        typeof data.accessToken !== 'string' ||
        cachedUntil - clock.now().getTime() <= ACCESS_TOKEN_MARGIN_MS
      ) {
        return undefined;
      }
      return { accessToken: data.accessToken, expiresAt: cachedUntil };
    },

    /** When a token that lasts `expiresInSeconds` (ten minutes when the provider does not say) expires. */
    accessTokenExpiry: (expiresInSeconds: number | undefined) =>
      clock.now().getTime() + (expiresInSeconds ?? 600) * 1000,
  };
}

export type SessionApiService = ReturnType<typeof createSessionApiService>;
