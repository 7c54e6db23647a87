import { queryOptions, useQuery } from '@tanstack/react-query';
import { documentsPaths } from '@app/contracts/documents-paths';
import { request } from '../http/client.ts';

/**
 * A document as GET /documents-api/{name}.json serves an HTML document
 * (docs/product/calls-and-errors.md §S7.7).
 */
export interface HtmlDocument {
  name: string;
  title: string;
  html: string;
}

export const documentQueryOptions = (name: string) =>
  queryOptions({
    queryKey: ['documents', name],
    // Unparsed: the documents route declares no shape for a document (z.unknown(): the operator's JSON, or
    // this form for an HTML document), so there is no contract schema to parse with.
    queryFn: () => request<HtmlDocument>(documentsPaths.document(name)),
    staleTime: 10 * 60_000,
  });

export const useDocument = (name: string) => useQuery(documentQueryOptions(name));
