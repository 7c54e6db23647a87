import { randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@app/contracts/api-error';
import { brand } from '@app/contracts/brand';
import { passwordProblem } from '@app/contracts/password';
import {
  collectorIdRequestSchema,
  deliveryOptionsSchema,
  resetLinkCheckSchema,
  resetLinkStatusSchema,
  resetTokenSchema,
  sendCodeRequestSchema,
  verifyResetCodeSchema,
  confirmPasswordResetSchema,
  descriptionSchema,
  passwordResetMessages,
  passwordResetRequestSchema,
  RESET_LINK_LIFETIME_MS,
} from '@app/contracts/password-reset';
import { AppError } from '../../lib/app-error.ts';
import { escapeHtml } from '../../plugins/notify.ts';
import { findContact } from '../../lib/collectors.ts';
import { twoFactorMessages, type DeliveryMethod } from '@app/contracts/sign-in';
import {
  findPendingCode,
  issueCode,
  maskEmail,
  maskPhone,
  resendCodeById,
  verifyCode,
} from '../../lib/one-time-codes.ts';
import { hashOf } from '../../lib/token-hash.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { revokeProviderSessions } from '../../lib/revoke-account.ts';
import {
  findCollectorByCard,
  findCollectorByEmail,
  findLiveToken,
  resetPassword,
  saveResetToken,
} from './repository.ts';

const RESET_2FA_PURPOSE = 'password-reset-2fa';
const resetBinding = (collectorId: string) => `password-reset:${collectorId}`;

const errors = { 400: apiErrorSchema, 429: apiErrorSchema };

/**
 * Anonymous password reset (signed-in spec 7.4, under the management API prefix): a link by email that
 * works once for an hour. The request answers the same whether or not the address has an account.
 */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const newResetToken = async (collectorId: string) => {
    const token = randomBytes(32).toString('base64url');
    await saveResetToken(app.db, collectorId, hashOf(token), new Date(Date.now() + RESET_LINK_LIFETIME_MS));
    return token;
  };
  /** The reset link by email: HTML in the brand's layout like the other emails, with its text part (issue 29). */
  const sendResetLink = async (collectorId: string, email: string, firstName: string | null) => {
    const link = `${app.config.publicUrl}/confirm-reset-password?token=${await newResetToken(collectorId)}`;
    const greeting = firstName ? `Hello ${firstName},` : 'Hello,';
    const ignore = "If you didn't ask for this, you can ignore this email: your password has not changed.";
    await app.notify.send({
      channel: 'email',
      to: email,
      subject: `Reset your ${brand.name} password`,
      text: `${greeting}\n\nUse this link to choose a new password. It works once, for 1 hour:\n${link}\n\n${ignore}`,
      html: `<p>${escapeHtml(greeting)}</p><p>Use this link to choose a new password. It works once, for 1 hour.</p><p><a href="${link}">Choose a new password</a></p><p>${escapeHtml(ignore)}</p>`,
    });
  };
  const anonymousLimit = { max: 5, timeWindow: '1 minute' };
  app.post(
    '/customer-management-api/credentials/password/reset',
    {
      preHandler: app.botCheck.require,
      config: { rateLimit: anonymousLimit },
      schema: {
        tags: ['password-reset'],
        summary: 'Sends a password-reset link to the address, if it belongs to an account',
        body: passwordResetRequestSchema,
        response: { 200: descriptionSchema, ...errors },
      },
    },
    async (request) => {
      const collector = await findCollectorByEmail(app.db, request.body.email);
      if (collector?.email) await sendResetLink(collector.id, collector.email, collector.firstName);
      return { description: passwordResetMessages.requestSent };
    },
  );

  app.post(
    '/customer-management-api/credentials/password',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['password-reset'],
        summary: 'Sets a new password with a reset link token; the link then stops working',
        body: confirmPasswordResetSchema,
        response: { 200: descriptionSchema, ...errors },
      },
    },
    async (request) => {
      const tokenHash = hashOf(request.body.token);
      const holder = await findLiveToken(app.db, tokenHash);
      if (!holder) throw new AppError(400, 'RESET_LINK_INVALID', passwordResetMessages.linkInvalid);
      const problem = passwordProblem(request.body.password, holder);
      if (problem) throw new AppError(400, 'PASSWORD_INVALID', problem);
      const changed = await resetPassword(
        app.db,
        tokenHash,
        holder.collectorId,
        await hashPassword(request.body.password),
      );
      if (!changed) throw new AppError(400, 'RESET_LINK_INVALID', passwordResetMessages.linkInvalid);
      // Anyone signed in with the old password is signed out, at the identity provider too (issue 10).
      await app.sessions.destroyAllFor(holder.collectorId);
      await revokeProviderSessions(app, holder.collectorId);
      return { description: passwordResetMessages.changed };
    },
  );

  app.post(
    '/customer-management-api/credentials/password/check-link',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['password-reset'],
        summary:
          'Whether a reset link still works, asked when its page opens (400 RESET_LINK_INVALID when used, expired or unknown). Reads only',
        body: resetLinkCheckSchema,
        response: { 200: resetLinkStatusSchema, ...errors },
      },
    },
    async (request) => {
      const holder = await findLiveToken(app.db, hashOf(request.body.token));
      if (!holder) throw new AppError(400, 'RESET_LINK_INVALID', passwordResetMessages.linkInvalid);
      return { status: 'VALID' as const };
    },
  );

  app.post(
    '/customer-management-api/credentials/password/resetWithId',
    {
      preHandler: app.botCheck.require,
      config: { rateLimit: anonymousLimit },
      schema: {
        tags: ['password-reset'],
        summary: "Sends a password-reset link to the email address of the card's account, if any",
        body: collectorIdRequestSchema,
        response: { 200: descriptionSchema, ...errors },
      },
    },
    async (request) => {
      const collector = await findCollectorByCard(app.db, request.body.collectorId);
      if (collector?.email) await sendResetLink(collector.id, collector.email, collector.firstName);
      return { description: passwordResetMessages.requestSentForCard };
    },
  );

  app.post(
    '/customer-management-api/2fa/get-delivery-options',
    {
      preHandler: app.botCheck.require,
      config: { rateLimit: anonymousLimit },
      schema: {
        tags: ['password-reset'],
        summary: "Where a reset code for the card's account can go (masked), and the id to send it with",
        body: collectorIdRequestSchema,
        response: { 200: deliveryOptionsSchema, ...errors },
      },
    },
    async (request) => {
      const collector = await findCollectorByCard(app.db, request.body.collectorId);
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
      await issueCode(app.db, {
        collectorId: collector.id,
        purpose: RESET_2FA_PURPOSE,
        binding: resetBinding(collector.id),
        deliveryMethod: 'email',
        sent: false,
      });
      const pending = await findPendingCode(app.db, resetBinding(collector.id), RESET_2FA_PURPOSE);
      return { id: pending?.id ?? randomUUID(), deliveryOptions };
    },
  );

  app.post(
    '/customer-management-api/2fa/send/:id',
    {
      config: { rateLimit: anonymousLimit },
      schema: {
        tags: ['password-reset'],
        summary: 'Sends the reset code by email or SMS (at most 3 sends)',
        params: z.object({ id: z.uuid() }),
        body: sendCodeRequestSchema,
        response: { 200: descriptionSchema, ...errors },
      },
    },
    async (request) => {
      const { deliveryMethod } = request.body;
      const { code, row } = await resendCodeById(
        app.db,
        request.params.id,
        RESET_2FA_PURPOSE,
        deliveryMethod,
      );
      const collector = await findContact(app.db, row.collectorId);
      const to =
        deliveryMethod === 'email'
          ? collector?.email
          : collector?.phoneNumber
            ? `${collector.phoneCountryCode ?? ''}${collector.phoneNumber}`
            : undefined;
      if (!to)
        throw new AppError(400, 'NO_CONTACT', 'We have no contact details of that kind for this account.');
      const text = `Your ${brand.name} password reset code is ${code}. It lasts 10 minutes.`;
      await app.notify.send({
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
  );

  app.post(
    '/customer-management-api/credentials/password/verify-2fa',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['password-reset'],
        summary: 'Checks the reset code; a right code answers a one-time reset token',
        body: verifyResetCodeSchema,
        response: { 200: resetTokenSchema, ...errors },
      },
    },
    async (request) => {
      const collector = await findCollectorByCard(app.db, request.body.collectorId);
      if (!collector) throw new AppError(400, 'CODE_EXPIRED', twoFactorMessages.expired);
      await verifyCode(app.db, resetBinding(collector.id), RESET_2FA_PURPOSE, request.body.code);
      return { token: await newResetToken(collector.id) };
    },
  );
};
