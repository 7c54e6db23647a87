import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { sessionPaths } from '@app/contracts/session-paths';
import {
  IDENTITY_PREFIX,
  device2faCheckResponseSchema,
  device2faResentSchema,
  twoFaCodeSchema,
  twoFactorMessages,
} from '@app/contracts/sign-in';
import { HttpError, request } from '../../shared/http/client.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { finishSignIn } from './finish-sign-in.ts';
import { validateDevice2fa } from './sign-in-api.ts';
import './sign-in.css';

const formSchema = z.object({ twoFaCode: twoFaCodeSchema });
type FormValues = z.infer<typeof formSchema>;

/**
 * /two-factor-authentication/:token: device 2FA of sign-in. The code went to the member's email or mobile;
 * entering it continues the identity provider's login (asked after the password, for every client) or, when
 * asked at the code exchange, starts the session and goes on to `next`. The page asks the server about its
 * sign-in when it opens: one that finished, expired or never was says so and offers a new log in, without
 * the form.
 */
export function TwoFactorPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const check = useQuery({
    queryKey: ['device-2fa', token],
    queryFn: () =>
      request(sessionPaths.device2faCheck, {
        method: 'POST',
        body: { encryptedSessionJwt: token },
        schema: device2faCheckResponseSchema,
      }),
    staleTime: Infinity,
    retry: false,
  });
  const resend = useMutation({
    mutationFn: () =>
      request(sessionPaths.device2faResend, {
        method: 'POST',
        body: { encryptedSessionJwt: token },
        schema: device2faResentSchema,
      }),
    onSuccess: (answer) => {
      setServerError(undefined);
      setNotice(answer.description);
    },
    onError: (error) => setServerError(error.message),
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: { twoFaCode: '' } });

  const onSubmit = async ({ twoFaCode }: FormValues) => {
    setServerError(undefined);
    try {
      const answer = await validateDevice2fa({ twoFaCode, encryptedSessionJwt: token });
      if ('location' in answer) {
        // The identity provider's login goes on (to the website's code exchange, or the app that asked).
        window.location.assign(answer.location);
        await new Promise(() => undefined);
        return;
      }
      void navigate(finishSignIn(answer, queryClient), { replace: true });
    } catch (error) {
      setServerError(error instanceof Error ? error.message : undefined);
    }
  };

  if (!check.data) {
    // A 400 is the server's word that this sign-in is over; anything else (no connection) may pass.
    const over = check.error instanceof HttpError && check.error.status === 400;
    return (
      <main id="main" className="sign-in">
        <div className="sign-in__card">
          <h1>Check it's you</h1>
          {check.isPending ? (
            <Spinner size="large" label="Checking your link" />
          ) : over ? (
            <>
              <Alert tone="error">{twoFactorMessages.linkInvalid}</Alert>
              <Link className="button button--primary button--full" to={`${IDENTITY_PREFIX}/login`}>
                Log in again
              </Link>
            </>
          ) : (
            <>
              <Alert tone="error">{check.error?.message}</Alert>
              <Button
                variant="secondary"
                fullWidth
                loading={check.isFetching}
                onClick={() => void check.refetch()}
              >
                Try again
              </Button>
            </>
          )}
        </div>
      </main>
    );
  }

  return (
    <main id="main" className="sign-in">
      <div className="sign-in__card">
        <h1>Check it's you</h1>
        <p>{notice ?? twoFactorMessages.codeSent(check.data.maskedDestination)}</p>
        <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
          {serverError ? <Alert tone="error">{serverError}</Alert> : null}
          <TextField
            label="Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={errors.twoFaCode?.message}
            {...register('twoFaCode')}
          />
          <Button type="submit" fullWidth loading={isSubmitting}>
            Continue
          </Button>
          <Button variant="link" loading={resend.isPending} onClick={() => resend.mutate()}>
            Send a new code
          </Button>
        </form>
      </div>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { TwoFactorPage as Component };
