import { QueryClient } from '@tanstack/react-query';
import { HttpError } from '../http/client.ts';
import { hasCopies } from '../offline/connection.ts';

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A client error will not get better by asking again; a network or server error might.
        retry: (failureCount, error) =>
          failureCount < 2 && !(error instanceof HttpError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
        // With no network a read still goes out once: the service worker answers the card's reads from what
        // it kept (ADR 030). Retries wait for the network.
        networkMode: 'offlineFirst',
      },
      // A change with no network fails at once and says so, instead of waiting unseen for the network to return.
      mutations: { networkMode: 'always' },
    },
  });

/** The app's one query client. It lives in its own chunk so a first page without server data skips it. */
export const queryClient = createQueryClient();

// Back online after showing the service worker's copies (ADR 030): every read is asked again, fresh or not,
// so that the page shows the server's answers and no longer says "as of". The browser may say it is online a
// moment before the network answers (the worker's reads then fail and it answers from its copy again): while
// the page still shows copies, it asks again, 2 s later, then 4, 8 ... up to every minute.
const FIRST_RETRY_MS = 2_000;
const LAST_RETRY_MS = 60_000;
let retry: ReturnType<typeof setTimeout> | undefined;
function askAgainWhileCopies(wait = FIRST_RETRY_MS) {
  clearTimeout(retry);
  if (!hasCopies() || !navigator.onLine) return;
  void queryClient.invalidateQueries().finally(() => {
    if (hasCopies() && navigator.onLine) {
      retry = setTimeout(() => askAgainWhileCopies(Math.min(wait * 2, LAST_RETRY_MS)), wait);
    }
  });
}
if (typeof window !== 'undefined') window.addEventListener('online', () => askAgainWhileCopies());
