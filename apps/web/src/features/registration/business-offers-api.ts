import { queryOptions } from '@tanstack/react-query';
import { documentsPaths } from '@app/contracts/documents-paths';
import { progressivePaths } from '@app/contracts/progressive-paths';
import type { businessOffersRequestSchema } from '@app/contracts/registration';
import { request, type AnswerOf } from '../../shared/http/client.ts';

/*
 * The business offers step's calls (docs/product/calls-and-errors.md §R7), apart from the other registration
 * calls (registration-api.ts), whose schemas would bring zod to its page.
 */

/** Needs the session the auto-login started. */
export const setBusinessOffers = (businessOffersOptIn: boolean) =>
  // Unparsed: the business offers page draws without zod (ADR 048); typed from the contract.
  request<AnswerOf<typeof businessOffersRequestSchema>>(progressivePaths.businessOffers, {
    method: 'POST',
    body: { businessOffersOptIn },
  });

/**
 * GET /documents-api/registration/businessOffersPage.json (docs/product/calls-and-errors.md §R7): the
 * business offers step reads its description.
 */
export const businessOffersPageQuery = queryOptions({
  queryKey: ['documents', 'registration/businessOffersPage'],
  // Unparsed: the documents route declares no shape for a document (the operator's JSON, z.unknown()).
  queryFn: () => request<{ description: string }>(documentsPaths.businessOffersPage),
  staleTime: 10 * 60_000,
  retry: false,
});
