import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@app/contracts/api-error';
import { feedbackRequestSchema, feedbackResponseSchema } from '@app/contracts/feedback';
import { createFeedbackService } from './service.ts';

/**
 * /customer-contact-api: the feedback submit call (docs/product/calls-and-errors.md §S7.8 leaves it to us;
 * ADR 015).
 */
export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const feedback = createFeedbackService({ db: app.db, clock: app.clock });
  app.post(
    '/customer-contact-api/feedback',
    {
      preHandler: app.requireSession,
      // Per IP against floods; the per-member daily limit (service) is the real cap.
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['feedback'],
        summary: "Send feedback: type BUG, FEEDBACK or FEATURE, the page's topic and up to 10000 characters",
        body: feedbackRequestSchema,
        response: {
          201: feedbackResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const saved = await feedback.submit(request.collectorId, {
        ...request.body,
        userAgent: request.headers['user-agent'],
      });
      return reply.status(201).send(saved);
    },
  );
};
