import { useMatches } from 'react-router';
import type { RouteHandle } from './route-handle.ts';

/** A page of a later issue: shows the page's own name so every route of the table is visibly distinct. */
export function PlaceholderPage() {
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  return (
    <main className="page" id="main">
      <h1>{handle?.title ?? 'Coming soon'}</h1>
      <p>This page is on its way.</p>
    </main>
  );
}

// The route's component (React Router's name for it): routes.tsx loads this module lazily.
export { PlaceholderPage as Component };
