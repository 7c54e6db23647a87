import { lazy, Suspense } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { GENERIC_ERROR_MESSAGE } from '@app/contracts/error-messages';

const OfflinePageError = lazy(() =>
  import('./offline-notice.tsx').then((module) => ({ default: module.OfflinePageError })),
);

export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const generic = (
    <main className="page">
      <h1>{notFound ? "We can't find that page" : GENERIC_ERROR_MESSAGE}</h1>
      <p>
        <a href="/welcome">Go to the home page</a>
      </p>
    </main>
  );
  // A page never opened on this device cannot load with no network (ADR 030); the card can, once signed in.
  if (notFound || navigator.onLine !== false) return generic;
  return (
    <Suspense fallback={null}>
      <OfflinePageError />
    </Suspense>
  );
}
