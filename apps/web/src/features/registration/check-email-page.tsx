import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { EMAIL_LINK_INVALID_MESSAGE } from '@app/contracts/registration';
import { HttpError } from '../../shared/http/client.ts';
import { isSwitchOn } from '../../shared/switches/switches.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { emailCheckConfirm, resendEmail } from './registration-api.ts';
import { FormError, RegistrationLayout } from './registration-layout.tsx';
import { registrationPaths } from './registration-paths.ts';
import { readRegistrationState, saveRegistrationState } from '../../shared/identity/registration-state.ts';

/**
 * Mail providers with a web inbox we can open on a search for our email (the 'sniper link',
 * docs/product/registration-and-sign-in.md §R2).
 */
const MAIL_PROVIDERS: { domains: string[]; name: string; url: string }[] = [
  {
    domains: ['gmail.com', 'googlemail.com'],
    name: 'Gmail',
    url: 'https://mail.google.com/mail/u/0/#search/in%3Aanywhere+newer_than%3A1d',
  },
  {
    domains: ['outlook.com', 'hotmail.com', 'hotmail.co.uk', 'live.com', 'live.co.uk', 'msn.com'],
    name: 'Outlook',
    url: 'https://outlook.live.com/mail/0/',
  },
  { domains: ['yahoo.com', 'yahoo.co.uk', 'ymail.com'], name: 'Yahoo Mail', url: 'https://mail.yahoo.com/' },
  { domains: ['icloud.com', 'me.com', 'mac.com'], name: 'iCloud Mail', url: 'https://www.icloud.com/mail' },
];

const mailProviderOf = (email: string) => {
  const domain = email.split('@')[1]?.toLowerCase() ?? '';
  return MAIL_PROVIDERS.find((provider) => provider.domains.includes(domain));
};

/**
 * {prefix}/check-email (docs/product/registration-and-sign-in.md §R2): the address, re-send, 'Wrong email
 * address?'. Opened from the emailed link (`?verification=`), it confirms the address, in this tab or a new
 * one, and continues to the account choice.
 */
export function CheckEmailPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const verification = params.get('verification');
  const state = readRegistrationState();
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [pending, setPending] = useState(false);
  const confirming = useRef(false);

  useEffect(() => {
    if (!verification || confirming.current) return;
    confirming.current = true;
    const state = readRegistrationState();
    const sameTab = state.next?.includes('DO_IDENTITY_EMAIL_CONFIRM') ? state.authToken : undefined;
    emailCheckConfirm(verification, sameTab)
      .then(async (answer) => {
        saveRegistrationState({
          authToken: answer.authToken,
          email: answer.email,
          next: answer.next,
          ...(answer.userType ? { userType: answer.userType } : {}),
        });
        await navigate(registrationPaths.chooseAccount, { replace: true });
      })
      // A malformed link gets the link message, never the schema's words ('verificationToken: Too small').
      .catch((failure: Error) =>
        setError(
          failure instanceof HttpError && failure.code === 'VALIDATION'
            ? EMAIL_LINK_INVALID_MESSAGE
            : failure.message,
        ),
      );
  }, [verification, navigate]);

  if (verification) {
    return (
      <RegistrationLayout step="check-email" heading="Checking your email">
        {error ? (
          <div className="registration__link-state">
            <Alert tone="error">{error}</Alert>
            <Link className="button button--primary button--full" to={registrationPaths.cardCheck}>
              Start again
            </Link>
          </div>
        ) : (
          <Spinner label="Checking your link" size="large" />
        )}
      </RegistrationLayout>
    );
  }
  if (!state.authToken || !state.email) return <Navigate to={registrationPaths.cardCheck} replace />;

  const provider = isSwitchOn('sniperLink') ? mailProviderOf(state.email) : undefined;
  const onResend = async () => {
    setPending(true);
    setError(undefined);
    setNotice(undefined);
    try {
      await resendEmail(state.authToken ?? '');
      setNotice('We have sent you another email.');
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setPending(false);
    }
  };

  return (
    <RegistrationLayout step="check-email" heading="We've sent you an email">
      <p className="registration__lead">
        We've sent a link to <strong>{state.email}</strong>. Open it to carry on with your registration.
      </p>
      {notice ? (
        <p role="status" className="registration__notice">
          {notice}
        </p>
      ) : null}
      <FormError message={error} />
      <div className="registration__actions">
        {provider ? (
          <a
            className="button button--primary button--full"
            href={provider.url}
            target="_blank"
            rel="noopener"
          >
            Open {provider.name}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        ) : null}
        <Button type="button" variant="secondary" fullWidth loading={pending} onClick={() => void onResend()}>
          Re-send email
        </Button>
        <p>
          Wrong email address? <Link to={registrationPaths.enterEmail}>Go back and change it</Link>
        </p>
      </div>
    </RegistrationLayout>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { CheckEmailPage as Component };
