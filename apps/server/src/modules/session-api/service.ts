import { randomBytes } from 'node:crypto';
import { signInMessages, twoFactorMessages, type DeliveryMethod } from '@app/contracts/sign-in';
import type { Database } from '../../db/database.ts';
import { accountReadEarlier } from '../../lib/account-reads.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { findPendingCode, issueCode, resendCode, verifyCode } from '../../lib/one-time-codes.ts';
import { textOf } from '../../lib/text-of.ts';
import type { Notifier } from '../../plugins/notify.ts';
import { createCredentialsService } from '../credentials/service.ts';
import { DEVICE_2FA_PURPOSE, destinationOf, sendSignInCode } from './device-2fa.ts';
import { findSignedInCollector } from './repository.ts';

export type { SignInIdentifier } from '../credentials/service.ts';

/** Device 2FA's 'this browser is known for this client', for the other ways of signing in (passkeys). */
export { markDeviceKnown } from './device-2fa.ts';
export { browserLoginInteraction } from './login-interaction.ts';

const EMAIL_SIGN_IN_PURPOSE = 'email-sign-in';

/** A cached access token is reused while it has this much life left (refresh tokens rotate). */
const ACCESS_TOKEN_MARGIN_MS = 30_000;

export interface SessionApiDeps {
  db: Database;
  notify: Notifier;
  clock: Clock;
}

/**
 * The sign-in rules (docs/product/calls-and-errors.md §S7.3): the password step through the credentials unit
 * (modules/credentials: the check with its attempts and lockout), sign-in by email with a code, the device 2FA
 * code's state and the access token's reuse. The routes keep the identity provider's interaction, the cookies
 * and the code exchange.
 */
export function createSessionApiService({ db, notify, clock }: SessionApiDeps) {
  const credentials = createCredentialsService({ db, clock });

  return {
    verifyCredentials: credentials.verifyCredentials,

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
      const collector = await credentials.findByEmail(email);
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
