import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileSchema } from '@app/contracts/profile';
import { apiErrorSchema } from '@app/contracts/api-error';
import { AppError } from '../../lib/app-error.ts';
import { findProfile } from './repository.ts';

/** /customer-management-api: the collector's own account (signed-in spec 7.4). */
export const customerManagementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customer-management-api/customer/v2',
    {
      preHandler: app.requireSession,
      schema: {
        tags: ['customer-management'],
        summary: "The signed-in collector's profile; 401 without a live session",
        response: { 200: profileSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const profile = await findProfile(app.db, request.session?.collectorId ?? '');
      if (!profile) throw new AppError(401, 'UNAUTHENTICATED', 'Please log in to continue.');
      return {
        firstName: profile.firstName ?? '',
        lastName: profile.lastName ?? '',
        title: profile.title,
        email: profile.email,
        cardNumber: profile.cardNumber,
        // An opaque handle for third parties: never the database id.
        externalHandle: profile.cardNumber
          ? `c-${profile.cardNumber.slice(-6)}`
          : `c-${profile.id.slice(0, 8)}`,
      };
    },
  );
};
