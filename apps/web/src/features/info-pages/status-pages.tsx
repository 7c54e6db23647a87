import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { brand } from '@app/contracts/brand';
import { SIGN_IN_PATH, isSafeNextPath } from '@app/contracts/routes';
import { Button } from '../../shared/ui/button.tsx';
import './info-pages.css';
import { Alert } from '../../shared/ui/alert.tsx';

/** Reasons the sign-in may come back with (?error=), in a member's words. */
const LOGIN_FAILURES: Record<string, string> = {
  access_denied: 'You cancelled the log in.',
  login_required: 'Your log in has timed out.',
  session_expired: 'Your session has ended. Please log in again.',
  temporarily_unavailable: "Logging in isn't available right now. Please try again in a few minutes.",
};

/** /login-failed: what went wrong with the sign-in, and the ways forward. */
export function LoginFailedPage() {
  const [params] = useSearchParams();
  const reason = LOGIN_FAILURES[params.get('error') ?? ''] ?? 'Something went wrong while logging you in.';
  const next = params.get('next');
  const again = isSafeNextPath(next)
    ? `${SIGN_IN_PATH}?${new URLSearchParams({ next }).toString()}`
    : SIGN_IN_PATH;
  return (
    <main id="main" className="page info-page">
      <h1>Sorry, we could not log you in</h1>
      <Alert>{reason}</Alert>
      <Link className="button button--primary" to={again}>
        Try again
      </Link>
      <p>
        <Link to="/pending-reset-password">Forgotten your password?</Link> ·{' '}
        <Link to="/retrieve-card">Forgotten your card number?</Link> · <Link to="/help">Help centre</Link>
      </p>
    </main>
  );
}

/** /service-unavailable: the product is down; try again checks /readyz before going back. */
export function ServiceUnavailablePage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [checking, setChecking] = useState(false);
  const [stillDown, setStillDown] = useState(false);
  const from = params.get('from');
  const retry = async () => {
    setChecking(true);
    setStillDown(false);
    const up = await fetch('/readyz', { cache: 'no-store' })
      .then((res) => res.ok)
      .catch(() => false);
    setChecking(false);
    if (up) await navigate(isSafeNextPath(from) ? from : '/');
    else setStillDown(true);
  };
  return (
    <main id="main" className="page info-page">
      <h1>Service unavailable</h1>
      <p>
        {brand.name} isn't available right now. Any points you collect meanwhile will still be added to your
        card.
      </p>
      <Button loading={checking} onClick={() => void retry()}>
        Try again
      </Button>
      {stillDown ? <Alert>It's still not available. Please try again in a few minutes.</Alert> : null}
      <p>
        Need to speak to us? Call {brand.careline.phone} ({brand.careline.hours}).
      </p>
    </main>
  );
}
