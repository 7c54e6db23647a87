import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { IDENTITY_PREFIX } from '@app/contracts/sign-in';
import { registrationErrorCodes } from '@app/contracts/registration';
import { HttpError } from '../../shared/http/client.ts';
import { CardNumberForm } from '../../shared/identity/card-number-form.tsx';
import { updateIdentityState } from '../../shared/identity/identity-state.ts';
import { cardCheck } from './card-check-api.ts';
import { FormError, RegistrationLayout } from './registration-layout.tsx';
import { registrationPaths } from './registration-paths.ts';
import { readRegistrationState, saveRegistrationState } from '../../shared/identity/registration-state.ts';

/** What registration says on the log-in page when the card already has an online account. */
export const ALREADY_REGISTERED = 'This card already has an online account. Please log in.';
/** DO_LOGIN_NECTAR: the card's account has no password yet (not shown by the spec: ADR 037). */
export const NO_PASSWORD_YET =
  "This card already has an online account, but no password yet. Enter its email address and we'll send you a link to choose one.";

/**
 * {prefix}/enter-collector-id in registration (docs/product/registration-and-sign-in.md §R2, the card check's
 * Yes): the plastic card's number starts a registration for it. The server answers the next step:
 * DO_EMAIL_CHECK carries on to the email step with the card's user type (ANALOG or GHOST); DO_LOGIN means the
 * card is already registered, so the person logs in with it instead. The skip-collector-id switch is not
 * applied here: sign-in's card-number pages always go through the identity provider's login (ADR 008), and
 * registering a plastic card needs its number.
 */
export function EnterCollectorIdPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const registrationDone = params.get('registrationDone') ?? readRegistrationState().registrationDone;
  const [pending, setPending] = useState(false);
  const [fieldError, setFieldError] = useState<string>();
  const [serverError, setServerError] = useState<string>();

  const onCardNumber = async (cardNumber: string) => {
    setPending(true);
    setFieldError(undefined);
    setServerError(undefined);
    try {
      const answer = await cardCheck(cardNumber.slice(-11));
      if (answer.next.includes('DO_LOGIN_NECTAR')) {
        // An online account without a password yet: the emailed link sets one, then the member logs in.
        await navigate(`${IDENTITY_PREFIX}/forgotten-password`, { state: { notice: NO_PASSWORD_YET } });
        return;
      }
      if (answer.next.includes('DO_LOGIN')) {
        updateIdentityState({ collectorId: cardNumber });
        saveRegistrationState({ error: ALREADY_REGISTERED });
        await navigate(`${IDENTITY_PREFIX}/login`);
        return;
      }
      saveRegistrationState({
        authToken: answer.authToken,
        userType: answer.userType ?? 'STANDARD',
        next: answer.next,
        existingCardType: 'ISSUED',
        cardNumber,
        error: undefined,
        ...(registrationDone ? { registrationDone } : {}),
      });
      await navigate(registrationPaths.enterEmail);
    } catch (failure) {
      if (failure instanceof HttpError && failure.code === registrationErrorCodes.cardNotRecognised) {
        setFieldError(failure.message);
      } else {
        setServerError((failure as Error).message);
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <RegistrationLayout step="enter-card-number" heading="Enter your card number">
      <CardNumberForm
        onCardNumber={onCardNumber}
        fieldError={fieldError}
        pending={pending}
        notice={<FormError message={serverError} />}
      />
    </RegistrationLayout>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { EnterCollectorIdPage as Component };
