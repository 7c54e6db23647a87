import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SIGN_IN_PATH, isSafeNextPath } from '@app/contracts/routes';
import { progressivePaths } from '@app/contracts/progressive-paths';
import { request } from '../../shared/http/client.ts';
import { markSessionStarted, notifySessionMarkerChange } from '../../shared/session/session-marker.ts';
import { Spinner } from '../../shared/ui/spinner.tsx';
import './redirects.css';

/**
 * /auto-login-redirect?token=…&next=… and /confirm-sign-up?token=…: spends a registration-completed token
 * (POST /progressive/auto-login, docs/product/calls-and-errors.md §R7) and continues to `next` (a path of
 * this site) or the homepage. When the token is missing or spent, the fallback is the normal log in with the
 * same `next`.
 */
export function AutoLoginPage({ heading }: { heading: string }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? params.get('registrationCompletedToken');
  const wanted = params.get('next');
  const next = isSafeNextPath(wanted) ? wanted : '/homepage';
  const [error, setError] = useState<string>();
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    // The answer is not read: the session cookie it sets is what counts.
    request<void>(progressivePaths.autoLogin, {
      method: 'POST',
      body: { registrationCompletedToken: token },
      redirectOnUnauthorized: false,
    })
      .then(async () => {
        markSessionStarted();
        notifySessionMarkerChange();
        await navigate(next, { replace: true });
      })
      .catch((failure: Error) => setError(failure.message));
  }, [token, next, navigate]);

  const signIn = `${SIGN_IN_PATH}?${new URLSearchParams({ next }).toString()}`;
  return (
    <main id="main" className="page redirect-page">
      <h1>{heading}</h1>
      {!token || error ? (
        <>
          <p role={error ? 'alert' : undefined}>
            {error ?? 'Your account is ready. Log in with your card number and password to carry on.'}
          </p>
          <Link className="button button--primary" to={signIn}>
            Log in
          </Link>
        </>
      ) : (
        <Spinner label="Logging you in" size="large" />
      )}
    </main>
  );
}
