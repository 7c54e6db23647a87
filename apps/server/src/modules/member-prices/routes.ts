import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@app/contracts/api-error';
import {
  memberPricesMessages,
  memberPricesPaths,
  priceCataloguePageSchema,
  priceCatalogueQuerySchema,
} from '@app/contracts/member-prices';
import { AppError } from '../../lib/app-error.ts';
import { createMemberPriceService } from './service.ts';

/**
 * The member-price catalogue (docs/product/signed-in-pages.md §S1, §S3;
 * docs/product/switches-and-constants.md §S9; ADR 038): a public read beside the documents, a page of 24 rows
 * of one category or all, from the member_prices table. A page's ETag names the version of the whole
 * catalogue, so it stays while no row changes: a browser revalidates and gets 304 with no body.
 */
export const memberPricesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createMemberPriceService({ db: app.db, clock: app.clock });

  app.get(
    memberPricesPaths.catalogue,
    {
      schema: {
        tags: ['documents'],
        summary: 'Member prices versus normal prices: one page of 24, of one category (its key) or all',
        querystring: priceCatalogueQuerySchema,
        response: { 200: priceCataloguePageSchema, 304: z.null(), 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { category, page } = request.query;
      const answer = await service.page(category, page);
      if (answer.kind === 'no-category') {
        throw new AppError(404, 'CATEGORY_NOT_FOUND', memberPricesMessages.categoryNotFound);
      }
      if (answer.kind === 'no-page') {
        throw new AppError(404, 'PAGE_NOT_FOUND', memberPricesMessages.pageNotFound(answer.pageCount));
      }
      reply.header('etag', answer.etag).header('cache-control', 'public, max-age=300');
      if (request.headers['if-none-match'] === answer.etag) return reply.status(304).send(null);
      return answer.body;
    },
  );
};
