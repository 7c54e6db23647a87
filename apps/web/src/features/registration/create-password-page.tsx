import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { checkPasswordRules, passwordRules } from '@app/contracts/password';
import { Button } from '../../shared/ui/button.tsx';
import { NewPasswordFields } from '../../shared/ui/new-password-fields.tsx';
import { passwordValidation } from './password-validation-api.ts';
import { FormError, RegistrationLayout } from './registration-layout.tsx';
import { registrationPaths } from './registration-paths.ts';
import { readRegistrationState } from '../../shared/identity/registration-state.ts';

/**
 * {prefix}/create-a-password (docs/product/registration-and-sign-in.md §R5): the rules tick as the person
 * types, 'Passwords do not match.', and Continue stays disabled until every rule holds and both entries
 * match; the server then says VALID or INVALID.
 */
export function CreatePasswordPage() {
  const navigate = useNavigate();
  const state = readRegistrationState();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [serverError, setServerError] = useState<string>();
  const [pending, setPending] = useState(false);
  if (!state.authToken) return <Navigate to={registrationPaths.cardCheck} replace />;

  const results = checkPasswordRules(password, state);
  const allHold = passwordRules.every((rule) => results[rule.id]);
  const mismatch = confirm.length > 0 && confirm !== password;

  const onSubmit = async () => {
    setPending(true);
    setServerError(undefined);
    try {
      const answer = await passwordValidation({
        authToken: state.authToken ?? '',
        firstName: state.firstName ?? '',
        lastName: state.lastName ?? '',
        password,
      });
      if (answer.validity === 'VALID') await navigate(registrationPaths.terms);
      else setServerError(answer.description ?? 'Choose a different password.');
    } catch (failure) {
      setServerError((failure as Error).message);
    } finally {
      setPending(false);
    }
  };

  return (
    <RegistrationLayout step="create-a-password" heading="Create a password">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
      >
        <NewPasswordFields
          password={password}
          confirmation={confirm}
          onPasswordChange={setPassword}
          onConfirmationChange={setConfirm}
          results={results}
          mismatch={mismatch}
          passwordLabel="Password"
          confirmationLabel="Confirm password"
          rulesClassName="registration__rules"
        />
        <FormError message={serverError} />
        <Button type="submit" fullWidth loading={pending} disabled={!allHold || confirm !== password}>
          Continue
        </Button>
      </form>
    </RegistrationLayout>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { CreatePasswordPage as Component };
