import { useEffect } from 'react';

/** The tab's title for a page: what it is, then the console, so a screen reader and a tab strip say both. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · Staff console`;
  }, [title]);
}
