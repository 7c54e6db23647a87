import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { passwordResetPaths } from '@app/contracts/password-reset-paths';
import { checkPasswordRules, passwordProblem } from '@app/contracts/password';
import { passwordResetMessages } from '@app/contracts/password-reset';
import { IDENTITY_PREFIX } from '@app/contracts/sign-in';
import { HttpError, request } from '../../shared/http/client.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { NewPasswordFields } from '../../shared/ui/new-password-fields.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useResetLinkCheck } from './api/check-reset-link.ts';
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
 * /confirm-reset-password?token=…: 'Choose a new password' with the registration password rules (spec 5):
 * 'Your password must:' and its rules, 'Passwords do not match.', Continue disabled until both hold. The
 * server checks the name and email rules too (it knows them; this page does not). The link is checked when
 * the page opens, so a used or expired one says so instead of showing the form (issue 29, item 6).
 */
export function ConfirmResetPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useResetLinkCheck(token);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [confirmTouched, setConfirmTouched] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const [linkSpent, setLinkSpent] = useState(false);
  const [loading, setLoading] = useState(false);
  const [done, setDone] = useState(false);
  const results = checkPasswordRules(password);
  const mismatch = confirmTouched && confirmation !== password;
  const ready = !passwordProblem(password) && password === confirmation;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setServerError(undefined);
    setLoading(true);
    try {
      await request(passwordResetPaths.password, {
        method: 'POST',
        body: { token, password },
      });
      setDone(true);
    } catch (error) {
      if (error instanceof HttpError && error.code === 'RESET_LINK_INVALID') setLinkSpent(true);
      else setServerError(error instanceof Error ? error.message : undefined);
    } finally {
      setLoading(false);
    }
  };

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
        <form noValidate onSubmit={(event) => void onSubmit(event)}>
          {serverError ? <Alert tone="error">{serverError}</Alert> : null}
          <NewPasswordFields
            password={password}
            confirmation={confirmation}
            onPasswordChange={setPassword}
            onConfirmationChange={setConfirmation}
            onConfirmationBlur={() => setConfirmTouched(true)}
            results={results}
            mismatch={mismatch}
            passwordLabel="New password"
            confirmationLabel="Confirm new password"
            rulesClassName="password-rules"
            groupRules
          />
          <Button type="submit" fullWidth disabled={!ready} loading={loading}>
            Continue
          </Button>
        </form>
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
