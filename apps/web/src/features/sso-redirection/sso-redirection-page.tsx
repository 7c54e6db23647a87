import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isAllowedRedirect } from '../../shared/navigation/allowed-redirect.ts';
import { Spinner } from '../../shared/ui/spinner.tsx';

/** The token travels to the partner under the name docs/product/signed-in-pages.md §S2.2 gives it. */
const TOKEN_PARAM = 'pianosessionhotels';

/** /sso-redirection?pianosessionhotels=…&location=… : hands the hotels session to an allow-listed partner page. */
export function SsoRedirectionPage() {
  const [params] = useSearchParams();
  const token = params.get(TOKEN_PARAM);
  const location = params.get('location');
  const allowed = Boolean(token && location && /^https?:/.test(location) && isAllowedRedirect(location));

  useEffect(() => {
    if (!allowed || !token || !location) return;
    const target = new URL(location);
    target.searchParams.set(TOKEN_PARAM, token);
    window.location.replace(target.toString());
  }, [allowed, token, location]);

  return (
    <main className="page" id="main">
      {allowed ? (
        <>
          <h1>Taking you there</h1>
          <Spinner size="large" label="Taking you there" />
        </>
      ) : (
        <>
          <h1>We can't take you there</h1>
          <p>This link isn't one we recognise, so we've stopped here to keep your account safe.</p>
          <p>
            <Link to="/welcome">Go to the home page</Link>
          </p>
        </>
      )}
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { SsoRedirectionPage as Component };
