import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { z } from 'zod';
import { emailSchema } from '@app/contracts/email';
import { SIGN_IN_PATH } from '@app/contracts/routes';
import { HttpError } from '../../shared/http/client.ts';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { Toggle } from '../../shared/ui/toggle.tsx';
import { emailCheck } from './registration-api.ts';
import { FormError, RegistrationLayout } from './registration-layout.tsx';
import { registrationPaths } from './registration-paths.ts';
import { readRegistrationState, saveRegistrationState } from '../../shared/identity/registration-state.ts';

const formSchema = z.object({ email: emailSchema });

/**
 * {prefix}/enter-email-address (docs/product/registration-and-sign-in.md §R2): email, marketing-by-email
 * opt-out, bot-check on submit.
 */
export function EnterEmailPage() {
  const navigate = useNavigate();
  const state = readRegistrationState();
  const [optOut, setOptOut] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const [hasAccount, setHasAccount] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({
    resolver: zodResolver(formSchema),
    defaultValues: { email: state.email ?? '' },
  });
  if (!state.authToken) return <Navigate to={registrationPaths.cardCheck} replace />;

  const onSubmit = handleSubmit(async ({ email }) => {
    setServerError(undefined);
    setHasAccount(false);
    try {
      const answer = await emailCheck({
        email,
        contactByEmail: !optOut,
        authToken: state.authToken ?? '',
        ...(state.registrationDone ? { registrationDone: state.registrationDone } : {}),
      });
      saveRegistrationState({ email, next: answer.next });
      await navigate(registrationPaths.checkEmail);
    } catch (failure) {
      // An email that already has an account is told here, on the field
      // (docs/product/calls-and-errors.md §R8: 'Please log in.').
      if (failure instanceof HttpError && failure.code === 'DUPLICATE_EMAIL') {
        setError('email', { message: failure.message }, { shouldFocus: true });
        setHasAccount(true);
        return;
      }
      setServerError((failure as Error).message);
    }
  });

  return (
    <RegistrationLayout step="enter-email-address" heading="We'll now verify your email">
      <p className="registration__lead">We'll send a link to this address to check it's yours.</p>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={254}
          error={errors.email?.message}
          {...register('email')}
        />
        <Toggle
          label="I don't want offers and news by email"
          description="You can change this at any time in your account."
          checked={optOut}
          onChange={setOptOut}
        />
        {hasAccount ? (
          <p className="registration__lead">
            This email already has an account. <Link to={SIGN_IN_PATH}>Log in</Link> or{' '}
            <Link to="/id/start/forgotten-password">reset your password</Link>.
          </p>
        ) : null}
        <FormError message={serverError} />
        <Button type="submit" fullWidth loading={isSubmitting}>
          Continue
        </Button>
      </form>
    </RegistrationLayout>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { EnterEmailPage as Component };
