import { brand } from '@app/contracts/brand';
import {
  EMAIL_LINK_INVALID_MESSAGE,
  REGISTRATION_PREFIX,
  registrationErrorCodes,
  registrationMessages,
  type AuthTokenResponse,
  type UserType,
} from '@app/contracts/registration';
import { AppError } from '../../lib/app-error.ts';
import { hashOf } from '../../lib/token-hash.ts';
import * as repository from './repository.ts';
import type { RegistrationPatch, RegistrationRow } from './repository.ts';
import {
  answer,
  duplicateEmail,
  hasStoredAddress,
  invalidToken,
  later,
  newToken,
  REGISTRATION_TTL_MINUTES,
  step,
  userDataOf,
  type RegistrationDeps,
} from './steps.ts';

/** The emailed verification link works once, for this long. */
const VERIFICATION_LINK_TTL_MINUTES = 60;
/** Emails (first send plus re-sends and corrected addresses) per registration per hour. */
const EMAIL_SEND_LIMIT = 3;

function verificationEmail(deps: RegistrationDeps, to: string, token: string) {
  const link = `${deps.publicUrl}${REGISTRATION_PREFIX}/check-email?verification=${token}`;
  return {
    channel: 'email' as const,
    to,
    subject: `Verify your email to register for ${brand.name}`,
    text: `Please confirm your email address to continue your ${brand.name} registration.\n\n${link}\n\nThe link works once, for ${VERIFICATION_LINK_TTL_MINUTES} minutes. If you didn't start a registration, you can ignore this email.`,
    html: `<p>Please confirm your email address to continue your ${brand.name} registration.</p><p><a href="${link}">Verify my email</a></p><p>The link works once, for ${VERIFICATION_LINK_TTL_MINUTES} minutes. If you didn't start a registration, you can ignore this email.</p>`,
  };
}

/** Counts an email against the send limit; refuses when the hour's sends are used up. */
function countSend(row: RegistrationRow, at: Date): RegistrationPatch {
  const windowOpen = row.firstEmailSentAt && row.firstEmailSentAt > later(at, -60);
  const sent = windowOpen ? row.emailsSent : 0;
  if (sent >= EMAIL_SEND_LIMIT) {
    throw new AppError(429, registrationErrorCodes.resendLimit, registrationMessages.emailResendLimit);
  }
  return { emailsSent: sent + 1, firstEmailSentAt: windowOpen ? row.firstEmailSentAt : at };
}

/** The email steps: the address, its re-sends and the emailed link. */
export function createEmailCheck(deps: RegistrationDeps) {
  /**
   * POST /progressive/email-check: stores the email and the marketing choice and sends a single-use
   * verification link. Allowed again before the link is used, for 'Wrong email address?'; the old link dies.
   */
  async function emailCheck(input: {
    authToken: string;
    email: string;
    contactByEmail: boolean;
    registrationDone?: string | undefined;
  }): Promise<AuthTokenResponse> {
    const token = newToken();
    const email = input.email.trim();
    const result = await step(deps, input.authToken, ['CARD_CHECKED', 'EMAIL_SENT'], async (tx, row, at) => {
      // An email that already has an account is told 'Please log in.' here, not after eight more steps.
      if (await repository.findRegisteredCollectorByEmail(tx, email)) throw duplicateEmail();
      return {
        to: 'EMAIL_SENT' as const,
        patch: {
          ...countSend(row, at),
          email,
          verificationTokenHash: hashOf(token),
          verificationExpiresAt: later(at, VERIFICATION_LINK_TTL_MINUTES),
          userData: {
            ...userDataOf(row),
            contactByEmail: input.contactByEmail,
            ...(input.registrationDone ? { registrationDone: input.registrationDone } : {}),
          },
        },
        result: answer(input.authToken, ['DO_IDENTITY_EMAIL_CONFIRM'], row.userType as UserType),
      };
    });
    await deps.notify.send(verificationEmail(deps, email, token));
    return result;
  }

  /** Re-send: a fresh link to the same address (the previous link stops working); counted and limited. */
  async function resendEmail(input: { authToken: string }) {
    const token = newToken();
    const email = await step(deps, input.authToken, ['EMAIL_SENT'], async (_tx, row, at) => ({
      patch: {
        ...countSend(row, at),
        verificationTokenHash: hashOf(token),
        verificationExpiresAt: later(at, VERIFICATION_LINK_TTL_MINUTES),
      },
      result: row.email ?? '',
    }));
    await deps.notify.send(verificationEmail(deps, email, token));
    return { status: 'EMAIL_SENT' as const };
  }

  /**
   * POST /progressive/email-check-confirm: the emailed link. It works once, before its expiry, for its own
   * registration only; it answers that registration's authToken so a new tab can carry on.
   */
  async function emailCheckConfirm(input: {
    verificationToken: string;
    authToken?: string | undefined;
  }): Promise<AuthTokenResponse & { email: string }> {
    const at = deps.clock.now();
    return deps.db.transaction(async (tx) => {
      const row = await repository.lockByVerificationToken(tx, hashOf(input.verificationToken));
      const linkInvalid = () =>
        new AppError(410, registrationErrorCodes.linkInvalid, EMAIL_LINK_INVALID_MESSAGE);
      if (!row || row.step !== 'EMAIL_SENT' || row.expiresAt <= at) throw linkInvalid();
      if (!row.verificationExpiresAt || row.verificationExpiresAt <= at) throw linkInvalid();
      // A link opened with another registration's token belongs to someone else's journey.
      if (input.authToken && hashOf(input.authToken) !== row.authTokenHash) throw invalidToken();
      // The link is the proof of the mailbox: a fresh authToken replaces the old one from here on.
      const authToken = newToken();
      await repository.updateRegistration(tx, row.id, {
        step: 'EMAIL_CONFIRMED',
        authTokenHash: hashOf(authToken),
        verificationTokenHash: null,
        verificationExpiresAt: null,
        expiresAt: later(at, REGISTRATION_TTL_MINUTES),
        updatedAt: at,
      });
      const skipAddress = await hasStoredAddress(tx, row);
      return {
        ...answer(
          authToken,
          skipAddress ? ['DO_CONFIRM_SIGN_UP_SKIP_ADDRESS'] : [],
          row.userType as UserType,
        ),
        email: row.email ?? '',
      };
    });
  }

  return { emailCheck, resendEmail, emailCheckConfirm };
}
