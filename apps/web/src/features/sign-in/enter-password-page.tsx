import { zodResolver } from '@hookform/resolvers/zod';
import Info from 'lucide-react/icons/info';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { CARD_PREFIX } from '@app/contracts/card-number';
import { IDENTITY_PREFIX, passwordInputSchema } from '@app/contracts/sign-in';
import { HttpError } from '../../shared/http/client.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Checkbox } from '../../shared/ui/checkbox.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { readIdentityState } from '../../shared/identity/identity-state.ts';
import { RememberMeInfoPopup } from './remember-me-info-popup.tsx';
import { createCollectorSession, device2faPageOf } from './sign-in-api.ts';
import { startSignIn } from './start-sign-in.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { Card } from '../../shared/ui/card.tsx';
import './sign-in.css';

const formSchema = z.object({ password: passwordInputSchema, rememberMe: z.boolean() });
type FormValues = z.infer<typeof formSchema>;

/**
 * 'Enter your password' ({prefix}/enter-password). Without a collector id in the identity state the member
 * goes back to the card-number step. Submit obtains a bot-check token, then the login call; the button shows a
 * spinner meanwhile. Success continues the identity provider's sign-in.
 */
export function EnterPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const identity = readIdentityState();
  const uid = params.get('uid') ?? identity.uid;
  const collectorId = identity.collectorId;
  const [infoOpen, setInfoOpen] = useState(false);
  const [serverError, setServerError] = useState<{ message?: string; locked: boolean }>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { password: '', rememberMe: false },
  });

  useEffect(() => {
    if (!collectorId || !uid) {
      const search = uid ? `?${new URLSearchParams({ uid }).toString()}` : '';
      void navigate(`${IDENTITY_PREFIX}/enter-card-number${search}`, { replace: true });
    }
  }, [collectorId, uid, navigate]);
  if (!collectorId || !uid) return null;

  const onSubmit = async ({ password, rememberMe }: FormValues) => {
    setServerError(undefined);
    try {
      const location = await createCollectorSession({ collectorId, password, interaction: uid, rememberMe });
      window.location.assign(location);
      // Keep the spinner until the browser leaves.
      await new Promise(() => undefined);
    } catch (error) {
      if (error instanceof HttpError && error.code === 'SIGN_IN_EXPIRED') {
        await startSignIn(identity.next);
        return;
      }
      // A browser new to this member: the code sent to them finishes the log in (device 2FA, error 141).
      const codePage = device2faPageOf(error);
      if (codePage) {
        void navigate(codePage);
        return;
      }
      setServerError({
        message: error instanceof Error ? error.message : undefined,
        locked: error instanceof HttpError && error.code === 'ACCOUNT_LOCKED',
      });
    }
  };

  return (
    <main id="main" className="sign-in">
      <Card className="sign-in__card">
        <h1>Enter your password</h1>
        <p className="sign-in__muted">
          Card number {CARD_PREFIX}
          <strong>{collectorId.slice(CARD_PREFIX.length)}</strong>.{' '}
          <Link to={`${IDENTITY_PREFIX}/enter-card-number?${new URLSearchParams({ uid }).toString()}`}>
            Change card number
          </Link>
        </p>
        <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
          {serverError ? (
            <Alert>
              <p>
                {serverError.message}{' '}
                {serverError.locked ? <Link to="/pending-reset-password">Reset your password</Link> : null}
              </p>
            </Alert>
          ) : null}
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password')}
          />
          <div className="sign-in__row">
            <Checkbox label="Remember me" {...register('rememberMe')} />
            <button
              type="button"
              className="sign-in__info"
              aria-label="About Remember me"
              onClick={() => setInfoOpen(true)}
            >
              <Info aria-hidden="true" size={20} />
            </button>
          </div>
          <Button type="submit" fullWidth loading={isSubmitting}>
            Log in
          </Button>
          <Link to="/pending-reset-password">Forgotten your password?</Link>
        </form>
      </Card>
      <RememberMeInfoPopup open={infoOpen} onClose={() => setInfoOpen(false)} />
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { EnterPasswordPage as Component };
