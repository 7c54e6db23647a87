import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/** Frozen page prompt (docs/product/signed-in-pages.md §S2.6). */
export const LEAVE_PAGE_PROMPT = 'Leave page? Changes that you made may not be saved.';

/**
 * While `frozen`, leaving the page asks first: moves inside the app get the prompt of
 * docs/product/signed-in-pages.md §S2.6, and closing or reloading the tab gets the browser's own leave dialog
 * (browsers do not show custom text there).
 */
export function useFrozenPage(
  frozen: boolean,
  confirm: (message: string) => boolean = (m) => window.confirm(m),
) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => frozen && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (confirm(LEAVE_PAGE_PROMPT)) blocker.proceed();
    else blocker.reset();
  }, [blocker, confirm]);

  useEffect(() => {
    if (!frozen) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = LEAVE_PAGE_PROMPT;
      return LEAVE_PAGE_PROMPT;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [frozen]);
}
