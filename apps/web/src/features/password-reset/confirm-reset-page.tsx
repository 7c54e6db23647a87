import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { checkPasswordRules, passwordProblem } from '@app/contracts/password';
import { passwordResetMessages } from '@app/contracts/password-reset';
import { IDENTITY_PREFIX } from '@app/contracts/sign-in';
import { request } from '../../shared/http/client.ts';
import { Button } from '../../shared/ui/button.tsx';
import { NewPasswordFields } from '../../shared/ui/new-password-fields.tsx';
import './password-reset.css';

/**
 * /confirm-reset-password?token=…: 'Choose a new password' with the registration password rules (spec 5):
 * 'Your password must:' and its rules, 'Passwords do not match.', Continue disabled until both hold. The
 * server checks the name and email rules too (it knows them; this page does not).
 */
export function ConfirmResetPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [confirmTouched, setConfirmTouched] = useState(false);
  const [serverError, setServerError] = useState<string>();
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
      await request('/customer-management-api/credentials/password', {
        method: 'POST',
        body: { token, password },
      });
      setDone(true);
    } catch (error) {
      setServerError(error instanceof Error ? error.message : undefined);
    } finally {
      setLoading(false);
    }
  };

  if (!token) {
    return (
      <main id="main" className="password-reset">
        <div className="password-reset__card">
          <h1>Choose a new password</h1>
          <p role="alert">{passwordResetMessages.linkInvalid}</p>
          <Link to="/pending-reset-password">Ask for a new link</Link>
        </div>
      </main>
    );
  }

  return (
    <main id="main" className="password-reset">
      <div className="password-reset__card">
        {done ? (
          <>
            <h1>{passwordResetMessages.changed}</h1>
            <p>You can now log in with your new password.</p>
            <Link className="button button--primary" to={`${IDENTITY_PREFIX}/login`}>
              Log in
            </Link>
          </>
        ) : (
          <>
            <h1>Choose a new password</h1>
            <form noValidate onSubmit={(event) => void onSubmit(event)}>
              {serverError ? (
                <p className="password-reset__alert" role="alert">
                  {serverError}{' '}
                  {serverError === passwordResetMessages.linkInvalid ? (
                    <Link to="/pending-reset-password">Ask for a new link</Link>
                  ) : null}
                </p>
              ) : null}
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
        )}
      </div>
    </main>
  );
}
