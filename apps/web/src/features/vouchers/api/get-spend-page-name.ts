import { queryOptions, useQuery } from '@tanstack/react-query';
import { spendDocumentNameSchema } from '@app/contracts/documents';
import { DEFAULT_SPEND_PAGE_NAME, documentsPaths } from '@app/contracts/documents-paths';
import { request } from '../../../shared/http/client.ts';

/**
 * GET /c/api/spend-document/name (docs/product/calls-and-errors.md §S7.1): the spend page's header, which the
 * operator may rename. The default shows until it answers, and stays when it fails: the header is never
 * empty.
 */
export function useSpendPageName() {
  const { data } = useQuery(
    queryOptions({
      queryKey: ['spend-document-name'],
      queryFn: () =>
        request(documentsPaths.spendDocumentName, {
          schema: spendDocumentNameSchema,
          redirectOnUnauthorized: false,
        }),
      staleTime: 10 * 60_000,
    }),
  );
  return data?.name || DEFAULT_SPEND_PAGE_NAME;
}
