import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrors } from '@app/contracts/api-error';
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
  passwordResetRequestSchema,
} from '@app/contracts/password-reset';
import { createPasswordResetService } from './service.ts';

const errors = apiErrors(400, 429);

/**
 * Anonymous password reset (docs/product/calls-and-errors.md §S7.4, under the management API prefix): a link
 * by email that works once for an hour. The request answers the same whether or not the address has an
 * account.
 */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createPasswordResetService({
    db: app.db,
    notify: app.notify,
    sessions: app.sessions,
    publicUrl: app.config.publicUrl,
    clock: app.clock,
  });
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
    async (request) => service.requestByEmail(request.body.email),
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
    async (request) => service.confirm(request.body.token, request.body.password),
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
    async (request) => service.checkLink(request.body.token),
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
    async (request) => service.requestByCard(request.body.collectorId),
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
    async (request) => service.deliveryOptions(request.body.collectorId),
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
    async (request) => service.sendCode(request.params.id, request.body.deliveryMethod),
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
    async (request) => service.verifyCode(request.body.collectorId, request.body.code),
  );
};
