import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createOfferPreview } from './previews.ts';

/** Tester tools of the offers (DEV_TOOLS, never in production). */
export function registerOfferDevRoutes(app: FastifyInstance) {
  // Operator tool in development (in production: npm run offer-preview -- <offerId>).
  app.withTypeProvider<ZodTypeProvider>().post(
    '/dev/offer-preview',
    {
      schema: {
        tags: ['dev'],
        summary: 'A signed preview token for an offer and its three preview pages',
        body: z.object({
          offerId: z.string().min(1).max(64),
          hours: z.number().int().min(1).max(720).optional(),
        }),
        response: {
          200: z.object({
            token: z.string(),
            paths: z.object({ offerCard: z.string(), heroCard: z.string(), offerDetails: z.string() }),
          }),
        },
      },
    },
    async (request) => createOfferPreview(app.db, request.body.offerId, request.body.hours),
  );
}
