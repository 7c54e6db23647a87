import { randomBytes, randomUUID } from 'node:crypto';
import { brand } from '@app/contracts/brand';
import { passwordProblem } from '@app/contracts/password';
import { passwordResetMessages, RESET_LINK_LIFETIME_MS } from '@app/contracts/password-reset';
import { twoFactorMessages, type DeliveryMethod } from '@app/contracts/sign-in';
import type { Database, DbExecutor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { findContact } from '../../lib/collectors.ts';
import {
  findPendingCode,
  issueCode,
  maskEmail,
  maskPhone,
  resendCodeById,
  verifyCode,
} from '../../lib/one-time-codes.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { endEverySignIn } from '../../lib/revoke-account.ts';
import { hashOf } from '../../lib/token-hash.ts';
import { escapeHtml, type Notifier } from '../../plugins/notify.ts';
import type { SessionStore } from '../../plugins/session-store.ts';
import {
  findCollectorByCard,
  findCollectorByEmail,
  findCollectorById,
  findLiveToken,
  resetPassword,
  saveResetToken,
} from './repository.ts';

const RESET_2FA_PURPOSE = 'password-reset-2fa';
const resetBinding = (collectorId: string) => `password-reset:${collectorId}`;

export interface PasswordResetDeps {
  db: Database;
  notify: Notifier;
  sessions: SessionStore;
  /** Where the reset link points (PUBLIC_URL). */
  publicUrl: string;
  clock: Clock;
}

/**
 * Anonymous password reset (docs/product/calls-and-errors.md §S7.4): a link by email that works once for an
 * hour, or a code by email or SMS that answers a one-time reset token. Asking answers the same whether or not
 * the address has an account.
 */
export function createPasswordResetService({ db, notify, sessions, publicUrl, clock }: PasswordResetDeps) {
  /** A new reset token; `alongside` (the careline's audit row) runs in the transaction that stores it. */
  const newResetToken = async (collectorId: string, alongside?: (tx: DbExecutor) => Promise<unknown>) => {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(clock.now().getTime() + RESET_LINK_LIFETIME_MS);
    if (!alongside) await saveResetToken(db, collectorId, hashOf(token), expiresAt);
    else {
      await db.transaction(async (tx) => {
        await saveResetToken(tx, collectorId, hashOf(token), expiresAt);
        await alongside(tx);
      });
    }
    return token;
  };

  /** The reset link by email: HTML in the brand's layout like the other emails, with its text part. */
  const sendResetLink = async (
    collectorId: string,
    email: string,
    firstName: string | null,
    alongside?: (tx: DbExecutor) => Promise<unknown>,
  ) => {
    const link = `${publicUrl}/confirm-reset-password?token=${await newResetToken(collectorId, alongside)}`;
    const greeting = firstName ? `Hello ${firstName},` : 'Hello,';
    const ignore = "If you didn't ask for this, you can ignore this email: your password has not changed.";
    await notify.send({
      channel: 'email',
      to: email,
      subject: `Reset your ${brand.name} password`,
      text: `${greeting}\n\nUse this link to choose a new password. It works once, for 1 hour:\n${link}\n\n${ignore}`,
      html: `<p>${escapeHtml(greeting)}</p><p>Use this link to choose a new password. It works once, for 1 hour.</p><p><a href="${link}">Choose a new password</a></p><p>${escapeHtml(ignore)}</p>`,
    });
  };

  return {
    /** A reset link to the address, if it belongs to an account. */
    async requestByEmail(email: string) {
      const collector = await findCollectorByEmail(db, email);
      if (collector?.email) await sendResetLink(collector.id, collector.email, collector.firstName);
      return { description: passwordResetMessages.requestSent };
    },

    /** A reset link to the email address of the card's account, if any. */
    async requestByCard(cardNumber: string) {
      const collector = await findCollectorByCard(db, cardNumber);
      if (collector?.email) await sendResetLink(collector.id, collector.email, collector.firstName);
      return { description: passwordResetMessages.requestSentForCard };
    },

    /**
     * The careline's resend: a reset link to the address of the member's own account (active, with a password
     * and an email); answers that address, or undefined when there is none and nothing was sent.
     */
    async sendLinkToMember(collectorId: string, alongside?: (tx: DbExecutor) => Promise<unknown>) {
      const collector = await findCollectorById(db, collectorId);
      if (!collector?.email) return undefined;
      await sendResetLink(collector.id, collector.email, collector.firstName, alongside);
      return collector.email;
    },

    /** Whether a reset link still works (reads only). */
    async checkLink(token: string) {
      const holder = await findLiveToken(db, hashOf(token), clock.now());
      if (!holder) throw new AppError(400, 'RESET_LINK_INVALID', passwordResetMessages.linkInvalid);
      return { status: 'VALID' as const };
    },

    /** A new password with a reset link token; the link then stops working, and every sign-in ends. */
    async confirm(token: string, password: string) {
      const tokenHash = hashOf(token);
      const holder = await findLiveToken(db, tokenHash, clock.now());
      if (!holder) throw new AppError(400, 'RESET_LINK_INVALID', passwordResetMessages.linkInvalid);
      const problem = passwordProblem(password, holder);
      if (problem) throw new AppError(400, 'PASSWORD_INVALID', problem);
      const changed = await resetPassword(
        db,
        tokenHash,
        holder.collectorId,
        await hashPassword(password),
        clock.now(),
      );
      if (!changed) throw new AppError(400, 'RESET_LINK_INVALID', passwordResetMessages.linkInvalid);
      // Anyone signed in with the old password is signed out, at the identity provider too.
      await endEverySignIn({ db, sessions }, holder.collectorId);
      return { description: passwordResetMessages.changed };
    },

    /** Where a reset code for the card's account can go (masked), and the id to send it with. */
    async deliveryOptions(cardNumber: string) {
      const collector = await findCollectorByCard(db, cardNumber);
      if (!collector) return { id: randomUUID(), deliveryOptions: [] };
      const deliveryOptions: { deliveryMethod: DeliveryMethod; destination: string }[] = [];
      if (collector.email)
        deliveryOptions.push({ deliveryMethod: 'email', destination: maskEmail(collector.email) });
      if (collector.phoneNumber) {
        deliveryOptions.push({
          deliveryMethod: 'sms',
          destination: maskPhone(`${collector.phoneCountryCode ?? ''}${collector.phoneNumber}`),
        });
      }
      await issueCode(
        db,
        {
          collectorId: collector.id,
          purpose: RESET_2FA_PURPOSE,
          binding: resetBinding(collector.id),
          deliveryMethod: 'email',
          sent: false,
        },
        clock,
      );
      const pending = await findPendingCode(db, resetBinding(collector.id), RESET_2FA_PURPOSE);
      return { id: pending?.id ?? randomUUID(), deliveryOptions };
    },

    /** Sends the reset code by email or SMS (at most 3 sends). */
    async sendCode(id: string, deliveryMethod: DeliveryMethod) {
      const { code, row } = await resendCodeById(db, id, RESET_2FA_PURPOSE, deliveryMethod, clock);
      const collector = await findContact(db, row.collectorId);
      const to =
        deliveryMethod === 'email'
          ? collector?.email
          : collector?.phoneNumber
            ? `${collector.phoneCountryCode ?? ''}${collector.phoneNumber}`
            : undefined;
      if (!to) throw new AppError(400, 'NO_CONTACT', passwordResetMessages.noContact);
      const text = `Your ${brand.name} password reset code is ${code}. It lasts 10 minutes.`;
      await notify.send({
        channel: deliveryMethod,
        to,
        subject: `Your ${brand.name} password reset code`,
        text,
        ...(deliveryMethod === 'email'
          ? {
              html: `<p>Your ${escapeHtml(brand.name)} password reset code is</p><p style="font-size:28px;font-weight:700;letter-spacing:0.2em">${code}</p><p>It lasts 10 minutes. If you didn't ask for it, you can ignore this email.</p>`,
            }
          : {}),
      });
      return {
        description: twoFactorMessages.codeSent(deliveryMethod === 'email' ? maskEmail(to) : maskPhone(to)),
      };
    },

    /** Checks the reset code; a right code answers a one-time reset token. */
    async verifyCode(cardNumber: string, code: string) {
      const collector = await findCollectorByCard(db, cardNumber);
      if (!collector) throw new AppError(400, 'CODE_EXPIRED', twoFactorMessages.expired);
      await verifyCode(db, resetBinding(collector.id), RESET_2FA_PURPOSE, code, clock);
      return { token: await newResetToken(collector.id) };
    },
  };
}
