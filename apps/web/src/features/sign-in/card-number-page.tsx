import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CARD_PREFIX } from '@app/contracts/card-number-constants';
import { IDENTITY_PREFIX, safeNext } from '@app/contracts/sign-in-paths';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { readRegistrationState, saveRegistrationState } from '../../shared/identity/registration-state.ts';
import { CardNumberForm } from '../../shared/identity/card-number-form.tsx';
import { useDeviceValue } from '../../shared/hooks/use-device-value.ts';
import { readIdentityState, updateIdentityState } from '../../shared/identity/identity-state.ts';
import { PasskeySignIn } from './passkey-sign-in.tsx';
import { getRememberedCard } from './sign-in-api.ts';
import { nextOfSignInStart } from './start-sign-in.ts';
import { useStartSignIn } from './use-start-sign-in.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { Card } from '../../shared/ui/card.tsx';
import './sign-in.css';

/**
 * 'Enter your card number' for sign-in ({prefix}/login, /enter-card-number, /app-enter-card-number).
 * Entered without an identity interaction, the page first starts the authorization request, so every sign-in
 * goes through the provider and comes back to `next`. A member with a passkey logs in with it here instead
 * (ADR 029): from the field's autofill or the 'Log in with a passkey' button.
 */
const readKnownCardNumber = () => {
  const known = readIdentityState().collectorId;
  return known?.startsWith(CARD_PREFIX) ? known : undefined;
};
const readRegistrationError = () => readRegistrationState().error;

export function CardNumberPage() {
  const [params] = useSearchParams();
  const uid = params.get('uid') ?? undefined;
  const next = uid ? safeNext(params.get('next')) : nextOfSignInStart(params);
  const startFailed = useStartSignIn(!uid, next);
  const navigate = useNavigate();
  // Read from this device after the first render, which hydrates the build's drawing of the page (ADR 045).
  const knownCardNumber = useDeviceValue(readKnownCardNumber);
  const [rememberedCardNumber, setRememberedCardNumber] = useState<string>();
  // A registration that found the card already registered says so here
  // (docs/product/registration-and-sign-in.md §R2: registration-state error).
  const registrationError = useDeviceValue(readRegistrationError);

  useEffect(() => {
    if (!uid) return;
    updateIdentityState({ uid });
    if (knownCardNumber) return;
    getRememberedCard()
      .then(({ cardNumber }) => {
        if (cardNumber) setRememberedCardNumber(cardNumber);
      })
      .catch(() => undefined);
  }, [uid, knownCardNumber]);

  if (!uid) {
    return (
      <main id="main" className="sign-in">
        <div className="sign-in__waiting">
          {startFailed ? (
            <Alert>Something went wrong. Try again</Alert>
          ) : (
            <Spinner size="large" label="Taking you to log in" />
          )}
        </div>
      </main>
    );
  }

  const onCardNumber = (collectorId: string) => {
    if (registrationError) saveRegistrationState({ error: undefined });
    updateIdentityState({ collectorId, uid });
    void navigate(`${IDENTITY_PREFIX}/enter-password?${new URLSearchParams({ uid }).toString()}`);
  };

  return (
    <main id="main" className="sign-in">
      <Card className="sign-in__card">
        <h1>Enter your card number</h1>
        <CardNumberForm
          onCardNumber={onCardNumber}
          initialCardNumber={knownCardNumber ?? rememberedCardNumber}
          notice={registrationError ? <Alert tone="info">{registrationError}</Alert> : null}
          autoComplete="username webauthn"
        />
        <PasskeySignIn uid={uid} next={next} />
      </Card>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { CardNumberPage as Component };
