import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { passwordResetMessages } from '@app/contracts/password-reset';
import { IDENTITY_PREFIX } from '@app/contracts/sign-in';
import { HttpError } from '../../shared/http/client.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useResetLinkCheck } from './api/check-reset-link.ts';
import { NewPasswordForm } from './new-password-form.tsx';
import './password-reset.css';

/** What a reset link that no longer works says, and the two ways on: a new link, or logging in. */
function LinkInvalid() {
  return (
    <>
      <Alert tone="error">{passwordResetMessages.linkInvalid}</Alert>
      <div className="password-reset__actions">
        <Link className="button button--primary button--full" to="/pending-reset-password">
          Ask for a new link
        </Link>
        <Link to={`${IDENTITY_PREFIX}/login`}>Log in</Link>
      </div>
    </>
  );
}

/**
 * /confirm-reset-password?token=…: 'Choose a new password' with the registration password rules
 * (docs/product/registration-and-sign-in.md §R5): 'Your password must:' and its rules, 'Passwords do not
 * match.', Continue disabled until both hold. The server checks the name and email rules too (it knows them;
 * this page does not). The link is checked when the page opens, so a used or expired one says so instead of
 * showing the form.
 */
export function ConfirmResetPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useResetLinkCheck(token);
  const [linkSpent, setLinkSpent] = useState(false);
  const [done, setDone] = useState(false);

  const linkRefused = link.error instanceof HttpError && link.error.status === 400;
  let content;
  if (done) {
    content = (
      <>
        <h1>{passwordResetMessages.changed}</h1>
        <p>You can now log in with your new password.</p>
        <Link className="button button--primary" to={`${IDENTITY_PREFIX}/login`}>
          Log in
        </Link>
      </>
    );
  } else if (!token || linkRefused || linkSpent) {
    content = (
      <>
        <h1>Choose a new password</h1>
        <LinkInvalid />
      </>
    );
  } else if (link.isPending) {
    content = (
      <>
        <h1>Choose a new password</h1>
        <Spinner size="large" label="Checking your link" />
      </>
    );
  } else if (link.isError) {
    content = (
      <>
        <h1>Choose a new password</h1>
        <Alert tone="error">{link.error.message}</Alert>
        <Button variant="secondary" loading={link.isFetching} onClick={() => void link.refetch()}>
          Try again
        </Button>
      </>
    );
  } else {
    content = (
      <>
        <h1>Choose a new password</h1>
        <NewPasswordForm
          token={token}
          onDone={() => setDone(true)}
          onTokenRefused={() => setLinkSpent(true)}
        />
      </>
    );
  }

  return (
    <main id="main" className="password-reset">
      <div className="password-reset__card">{content}</div>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { ConfirmResetPage as Component };
