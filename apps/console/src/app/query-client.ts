import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ConsoleApiError, isSignInRequired } from '../shared/api.ts';

/** What the 401 handling needs of the router: where the page is, and a way to move it. */
interface PageRouter {
  /** Where the console is served: '/console' (its routes' paths and `navigate`'s leave it out). */
  basename: string | undefined;
  /** The address as the browser has it, with the basename. */
  state: { location: { pathname: string; search: string } };
  navigate: (to: string) => Promise<void>;
}

/** Sends the page to sign-in, with the page it was on to come back to after (sign-in-page.tsx `next`). */
export const sendToSignIn = (router: PageRouter) => () => {
  const { pathname: address, search } = router.state.location;
  const base = (router.basename ?? '').replace(/\/$/, '');
  const inBase = base && (address === base || address.startsWith(`${base}/`));
  const pathname = inBase ? address.slice(base.length) || '/' : address;
  if (pathname !== '/sign-in') void router.navigate(`/sign-in?next=${encodeURIComponent(pathname + search)}`);
};

/**
 * The console's query client: a call answered 401 (the session ended, 8 hours after sign-in or 30 minutes
 * idle) sends the page to sign-in, whichever call it was; a refusal is never retried (only a lost answer is,
 * once).
 */
export function createConsoleQueryClient(onSignInRequired: () => void) {
  const onError = (error: unknown) => {
    if (isSignInRequired(error)) onSignInRequired();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        retry: (failures, error) => error instanceof ConsoleApiError && error.status === 0 && failures < 1,
        refetchOnWindowFocus: false,
      },
    },
  });
}
