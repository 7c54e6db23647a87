import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { botCheckChallengeSchema } from '@app/contracts/bot-check';

export const botCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/bot-check/challenge',
    {
      schema: {
        tags: ['bot-check'],
        summary: 'A fresh bot-check challenge for the browser to solve',
        response: { 200: botCheckChallengeSchema },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.botCheck.challenge();
    },
  );
};
