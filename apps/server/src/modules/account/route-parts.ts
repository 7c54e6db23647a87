import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrors } from '@app/contracts/api-error';
import type { AccountService } from './service.ts';

/** What the account's route files share: the prefix, the error answers, the limits and the session guards. */
export type AccountApp = Parameters<FastifyPluginAsyncZod>[0];
export type AccountRoutes = (app: AccountApp, service: AccountService) => void;

export const P = '/customer-management-api';
export const tags = ['account'];
export const errors = apiErrors(400, 401, 403, 404, 409, 429);
export const description = z.object({ description: z.string() });
/** Calls that check a secret or send a message: a per-client ceiling on top of the per-account limits. */
export const tight = { rateLimit: { max: 10, timeWindow: '1 minute' } };
export const perClient = { rateLimit: { max: 60, timeWindow: '1 minute' } };

export const guards = (app: AccountApp) => ({
  signed: { preHandler: app.requireSession },
  /** Changes to how the member signs in, the redemption lock and closing: the session checked in the database. */
  sensitive: { preHandler: app.requireFreshSession },
  /** The session's cookie secret, which binds step-up codes to this browser. */
  token: (request: FastifyRequest) => app.sessionToken(request) ?? '',
});

/** The step-up code a change carries in its X-2FA-CODE header. */
export const stepUpCode = (request: FastifyRequest) => {
  const value = request.headers['x-2fa-code'];
  return typeof value === 'string' ? value.trim() : undefined;
};
