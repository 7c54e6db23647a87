import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@app/contracts/api-error';
import { spendDocumentNameSchema } from '@app/contracts/documents';
import { DEFAULT_SPEND_PAGE_NAME, documentsMessages, documentsPaths } from '@app/contracts/documents-paths';
import { AppError } from '../../lib/app-error.ts';
import { findDocument } from './repository.ts';

/** A document name: one or more lower-case path segments (`faqs`, `registration/businessOffersPage`). */
const DOCUMENT_PATH = /^([A-Za-z0-9-]+(?:\/[A-Za-z0-9-]+)*)\.(json|html)$/;

/**
 * /documents-api (docs/product/calls-and-errors.md §R7, §S7.7): `{name}.json` gives a JSON document (FAQ
 * lists, the business offers page) or, for an HTML document, `{name, title, html}`; `{name}.html` gives the
 * HTML itself.
 */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/documents-api/*',
    {
      schema: {
        tags: ['documents'],
        summary: 'A document by name: .json (data, or {name, title, html}) or .html',
        params: z.object({ '*': z.string() }),
        response: { 200: z.unknown(), 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const match = DOCUMENT_PATH.exec(request.params['*']);
      const document = match?.[1] ? await findDocument(app.db, match[1]) : undefined;
      const format = match?.[2];
      if (!document || (format === 'html' && document.html === null)) {
        throw new AppError(404, 'DOCUMENT_NOT_FOUND', documentsMessages.notFound);
      }
      reply.header('cache-control', 'public, max-age=300');
      if (format === 'html') return reply.type('text/html; charset=utf-8').send(document.html);
      if (document.json !== null) return document.json;
      return { name: document.name, title: document.title, html: document.html ?? '' };
    },
  );

  app.get(
    documentsPaths.spendDocumentName,
    {
      schema: {
        tags: ['documents'],
        summary: 'The spend page’s header name, from the spend-document document',
        response: { 200: spendDocumentNameSchema },
      },
    },
    async (_request, reply) => {
      const json = (await findDocument(app.db, 'spend-document'))?.json as
        | { name?: unknown }
        | null
        | undefined;
      reply.header('cache-control', 'public, max-age=300');
      return { name: typeof json?.name === 'string' && json.name ? json.name : DEFAULT_SPEND_PAGE_NAME };
    },
  );
};
