import { isRouteErrorResponse, useRouteError } from 'react-router';
import { GENERIC_ERROR_MESSAGE } from '@app/contracts/error-messages';

export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="page">
      <h1>{notFound ? "We can't find that page" : GENERIC_ERROR_MESSAGE}</h1>
      <p>
        <a href="/welcome">Go to the home page</a>
      </p>
    </main>
  );
}
