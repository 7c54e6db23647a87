import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { CARD_PREFIX } from '@app/contracts/card-number';
import {
  COPY_CONFIRMATION_MS,
  SIGN_UP_POLL_INTERVAL_MS,
  SIGN_UP_POLL_MAX,
  registrationMessages,
} from '@app/contracts/registration';
import { HttpError } from '../../shared/http/client.ts';
import { useFrozenPage } from '../../shared/hooks/use-frozen-page.ts';
import { isSafeNextPath } from '@app/contracts/routes';
import { markSessionStarted, notifySessionMarkerChange } from '../../shared/session/session-marker.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { StoreLinks } from '../../shared/ui/store-links.tsx';
import { autoLogin, firstBrandsQuery, getSignUpStatus, waitUntilReady } from './registration-api.ts';
import { registrationPaths } from './registration-paths.ts';
import { readRegistrationState, saveRegistrationState } from '../../shared/identity/registration-state.ts';
import './registration.css';

/** Tablets may leave the page while waiting (docs/product/registration-and-sign-in.md §R4). */
const TABLET_AGENT = /iPad|Tablet|Android(?!.*Mobi)/i;

/**
 * {prefix}/success (docs/product/registration-and-sign-in.md §R2, §R4): 'Almost done...' while the sign-up
 * status is polled every 2 s (at most SIGN_UP_POLL_MAX times; an error or the limit goes to
 * /register-failed), navigation blocked meanwhile except on tablets; then 'Nicely done!' with the card
 * number, the copy button and an auto-login with the token.
 */
export function SuccessPage() {
  const navigate = useNavigate();
  const state = readRegistrationState();
  const isTablet = TABLET_AGENT.test(navigator.userAgent);
  const [cardNumber, setCardNumber] = useState<string>();
  const [copied, setCopied] = useState(false);
  /** Where 'Continue to login' goes once the auto-login signed the member in (no card number asked again). */
  const [signedInTarget, setSignedInTarget] = useState<string>();
  const started = useRef(false);
  // The logos come from the anonymous brands lookup (docs/product/calls-and-errors.md §R7), asked while the
  // sign-up finishes.
  const firstBrands = useQuery(firstBrandsQuery);
  useFrozenPage(!cardNumber && !isTablet);

  useEffect(() => {
    const authToken = readRegistrationState().authToken;
    if (!authToken || started.current) return;
    started.current = true;
    let polls = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      polls += 1;
      try {
        const status = await getSignUpStatus(authToken);
        // The completion token comes once (ADR 014): a reload after it shows the card without auto-login,
        // and 'Continue to login' takes over.
        if (status.signUpStatus === 'COMPLETE' && status.cardNumber && !status.registrationCompletedToken) {
          saveRegistrationState({ cardNumber: status.cardNumber });
          setCardNumber(status.cardNumber);
          return;
        }
        if (status.signUpStatus === 'COMPLETE' && status.registrationCompletedToken && status.cardNumber) {
          saveRegistrationState({
            registrationCompletedToken: status.registrationCompletedToken,
            cardNumber: status.cardNumber,
          });
          setCardNumber(status.cardNumber);
          // Once the account is ready, auto-login with the completion token; when either fails, 'Continue to
          // login' is the fallback.
          if (!(await waitUntilReady(authToken))) return;
          await autoLogin(status.registrationCompletedToken)
            .then((answer) => {
              markSessionStarted();
              notifySessionMarkerChange();
              setSignedInTarget(
                isSafeNextPath(answer.registrationDone) ? answer.registrationDone : '/homepage',
              );
            })
            .catch(() => undefined);
          return;
        }
        if (polls >= SIGN_UP_POLL_MAX) {
          await navigate(registrationPaths.registerFailed, { replace: true });
          return;
        }
        timer = setTimeout(() => void poll(), SIGN_UP_POLL_INTERVAL_MS);
      } catch (failure) {
        await navigate(
          `${registrationPaths.registerFailed}?error=${(failure instanceof HttpError && failure.code) || 'SOMETHING_WENT_WRONG'}`,
          {
            replace: true,
          },
        );
      }
    };
    void poll();
    return () => clearTimeout(timer);
  }, [navigate]);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  if (!state.authToken) return <Navigate to={registrationPaths.cardCheck} replace />;

  if (!cardNumber) {
    return (
      <main id="main" className="page registration">
        <section className="registration__panel" aria-labelledby="registration-heading" aria-busy="true">
          <h1 id="registration-heading">Almost done...</h1>
          <p className="registration__lead">Please remain on this page</p>
          <Spinner label="Finishing your registration" size="large" />
        </section>
      </main>
    );
  }

  const lastDigits = cardNumber.slice(CARD_PREFIX.length);
  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(lastDigits);
    } finally {
      setCopied(true);
    }
  };

  return (
    <main id="main" className="page registration">
      <section className="registration__panel" aria-labelledby="registration-heading">
        <h1 id="registration-heading">Nicely done!</h1>
        <p className="registration__lead">Your digital card is ready. Your card number is:</p>
        <p className="registration__card-number" aria-label={`Card number ${cardNumber}`}>
          {cardNumber.slice(0, CARD_PREFIX.length)}
          <strong>{lastDigits}</strong>
        </p>
        <Button type="button" variant="secondary" fullWidth onClick={() => void onCopy()}>
          {copied ? registrationMessages.copied : 'Copy your card number'}
        </Button>
        <h2>What happens next</h2>
        <ul>
          <li>Scan your digital card in store or add your card number when you shop online.</li>
          <li>Pick your offers to collect more points.</li>
          <li>Get the app to keep your card on your phone.</li>
        </ul>
        {firstBrands.data?.brands.length ? (
          // Without the lookup's answer the page goes on without logos: they are no step of the journey.
          <>
            <h2>Collect points with</h2>
            <ul className="registration__brands">
              {firstBrands.data.brands.map(({ brandDetailsKey, name, imageUrls }) => (
                <li key={brandDetailsKey}>
                  <img src={imageUrls.logoImageUrl} alt={name} width="56" height="56" />
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <StoreLinks />
        <div className="registration__actions">
          {state.accountKind === 'business' ? (
            <Link className="button button--primary button--full" to={registrationPaths.getBusinessOffers}>
              Choose business offers
            </Link>
          ) : null}
          <Button
            type="button"
            variant={state.accountKind === 'business' ? 'secondary' : 'primary'}
            fullWidth
            onClick={() => void navigate(signedInTarget ?? registrationPaths.login)}
          >
            Continue to login
          </Button>
          <Link to="/homepage">Go to your homepage</Link>
        </div>
      </section>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { SuccessPage as Component };
