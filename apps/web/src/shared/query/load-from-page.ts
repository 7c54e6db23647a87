import type { QueryClient } from '@tanstack/react-query';
import { hasPageAnswers } from '../http/page-answers.ts';
import { queryClient } from './query-client.ts';

/**
 * A route loader for a page that came with the answers to its first reads (ADR 020): the queries are filled
 * from the page before the first render, so the page is drawn once, with its numbers, instead of with
 * spinners that the numbers then push aside (a layout shift). Without answers in the page (a move inside the
 * app) it waits for nothing, and the page shows its loading states as before.
 */
export const loadFromPage =
  (reads: (client: QueryClient) => Promise<unknown>[]) => async (): Promise<null> => {
    if (!hasPageAnswers()) return null;
    // A read that fails is left to the page, which shows its own error state.
    await Promise.allSettled(reads(queryClient));
    return null;
  };
