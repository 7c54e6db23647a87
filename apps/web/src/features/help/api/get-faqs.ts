import { queryOptions, useQuery } from '@tanstack/react-query';
import { documentsPaths } from '@app/contracts/documents-paths';
import type { FaqTopic } from '@app/contracts/help';
import { request } from '../../../shared/http/client.ts';

/**
 * GET /documents-api/{documentName or faqs}.json (docs/product/calls-and-errors.md §S7.7): a list of topics
 * with questions.
 */
export const getFaqs = async (documentName: string): Promise<FaqTopic[]> => {
  // Unparsed: the documents route declares no shape (z.unknown()); the topics are checked one by one below.
  const body = await request<unknown>(documentsPaths.document(documentName));
  const items = Array.isArray(body) ? body : ((body as { items?: unknown[] } | null)?.items ?? []);
  // A topic without a title or questions is left out rather than breaking the page.
  return (items as Partial<FaqTopic>[])
    .filter((item) => typeof item.title === 'string' && Array.isArray(item.questions))
    .map((item) => ({
      ...(typeof item.id === 'number' ? { id: item.id } : {}),
      title: item.title ?? '',
      questions: (item.questions ?? []).filter(
        (q) => typeof q.question === 'string' && typeof q.answer === 'string',
      ),
    }));
};

export const faqsQueryOptions = (documentName: string) =>
  queryOptions({
    queryKey: ['documents', documentName, 'faq'],
    queryFn: () => getFaqs(documentName),
    staleTime: 10 * 60_000,
  });

export const useFaqs = (documentName: string) => useQuery(faqsQueryOptions(documentName));
