import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import type { z } from 'zod';
import { passwordResetPaths } from '@app/contracts/password-reset-paths';
import { BOT_CHECK_HEADER } from '@app/contracts/bot-check';
import { passwordResetRequestSchema, descriptionSchema } from '@app/contracts/password-reset';
import { IDENTITY_PREFIX } from '@app/contracts/sign-in';
import { getBotCheckToken } from '../../shared/bot-check/get-bot-check-token.ts';
import { request } from '../../shared/http/client.ts';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import './password-reset.css';
import { Alert } from '../../shared/ui/alert.tsx';
import { ResetWithCardNumber } from './reset-with-card-number.tsx';

type FormValues = z.infer<typeof passwordResetRequestSchema>;

/**
 * /pending-reset-password and the forgotten-password page: asks for the account's email address, sends the reset
 * link, then shows 'Check your email' (the route's title). The answer is the same for any address. 'Use your
 * card number instead' resets with the card number and a code (ResetWithCardNumber).
 */
export function RequestResetPage() {
  const [byCard, setByCard] = useState(false);
  const [sent, setSent] = useState<{ email: string; description: string }>();
  // Set by the registration's card check for a card whose account has no password yet (DO_LOGIN_NECTAR).
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;
  const [serverError, setServerError] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = async ({ email }: FormValues) => {
    setServerError(undefined);
    try {
      const token = await getBotCheckToken();
      const answer = await request(passwordResetPaths.request, {
        schema: descriptionSchema,
        method: 'POST',
        body: { email },
        headers: token ? { [BOT_CHECK_HEADER]: `Bearer ${token}` } : {},
      });
      setSent({ email, description: answer.description });
    } catch (error) {
      setServerError(error instanceof Error ? error.message : undefined);
    }
  };

  if (byCard) {
    return (
      <main id="main" className="password-reset">
        <div className="password-reset__card">
          <ResetWithCardNumber onUseEmail={() => setByCard(false)} />
        </div>
      </main>
    );
  }

  return (
    <main id="main" className="password-reset">
      <div className="password-reset__card">
        {sent ? (
          <>
            <h1>Check your email</h1>
            <p>{sent.description}</p>
            <p>
              We sent it to <strong>{sent.email}</strong>.
            </p>
            <Button variant="link" onClick={() => setSent(undefined)}>
              Wrong email address?
            </Button>
          </>
        ) : (
          <>
            <h1>Reset your password</h1>
            {typeof notice === 'string' ? (
              <p role="status" className="password-reset__notice">
                {notice}
              </p>
            ) : (
              <p>
                Enter the email address of your account and we'll send you a link to choose a new password.
              </p>
            )}
            <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
              {serverError ? <Alert>{serverError}</Alert> : null}
              <TextField
                label="Email address"
                type="email"
                autoComplete="email"
                error={errors.email?.message}
                {...register('email')}
              />
              <Button type="submit" fullWidth loading={isSubmitting}>
                Send reset link
              </Button>
            </form>
            <div className="password-reset__actions">
              <Button variant="link" onClick={() => setByCard(true)}>
                Use your card number instead
              </Button>
              <Link to={`${IDENTITY_PREFIX}/login`}>Back to log in</Link>
            </div>
          </>
        )}
      </div>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { RequestResetPage as Component };
