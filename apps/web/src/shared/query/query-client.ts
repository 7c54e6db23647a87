import { QueryClient } from '@tanstack/react-query';
import { HttpError } from '../http/client.ts';

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A client error will not get better by asking again; a network or server error might.
        retry: (failureCount, error) =>
          failureCount < 2 && !(error instanceof HttpError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });

/** The app's one query client. It lives in its own chunk so a first page without server data skips it. */
export const queryClient = createQueryClient();
