import { Link, Navigate, useSearchParams } from 'react-router';
import { EMAIL_LINK_INVALID_MESSAGE, REGISTRATION_PREFIX } from '@app/contracts/registration';
import { Alert } from '../../shared/ui/alert.tsx';
import './redirects.css';

/**
 * /confirm-identity-email?verification=… (or token=): an emailed identity link. The registration's own
 * check-email step confirms it, in this tab or a new one; a link without its token says so in the words of
 * the registration's link message.
 */
export function ConfirmIdentityEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('verification') ?? params.get('token');
  if (token) {
    const query = new URLSearchParams({ verification: token }).toString();
    return <Navigate to={`${REGISTRATION_PREFIX}/check-email?${query}`} replace />;
  }
  return (
    <main id="main" className="page redirect-page">
      <h1>Confirming your email</h1>
      <Alert tone="error">{EMAIL_LINK_INVALID_MESSAGE}</Alert>
      <Link className="button button--primary" to={REGISTRATION_PREFIX}>
        Start again
      </Link>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { ConfirmIdentityEmailPage as Component };
