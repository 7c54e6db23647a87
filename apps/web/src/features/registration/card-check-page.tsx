import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { brand } from '@app/contracts/brand';
import { registrationMessages } from '@app/contracts/registration-constants';
import { Button } from '../../shared/ui/button.tsx';
import { RadioGroup } from '../../shared/ui/radio-group.tsx';
import { cardCheck } from './card-check-api.ts';
import { FormError, RegistrationLayout } from './registration-layout.tsx';
import { registrationPaths } from './registration-paths.ts';
import { clearRegistrationState, saveRegistrationState } from '../../shared/identity/registration-state.ts';

type Choice = 'yes' | 'no';

/**
 * {prefix}/nectar-card-check (docs/product/registration-and-sign-in.md §R2): clears saved registration state;
 * Yes to the card number, No to email.
 */
export function CardCheckPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const registrationDone = params.get('registrationDone') ?? undefined;
  const carried = registrationDone ? `?registrationDone=${encodeURIComponent(registrationDone)}` : '';
  const [choice, setChoice] = useState<Choice>();
  const [error, setError] = useState<string>();
  const [serverError, setServerError] = useState<string>();
  const [pending, setPending] = useState(false);

  useEffect(() => clearRegistrationState(), []);

  const onSubmit = async () => {
    if (!choice) return setError(registrationMessages.selectOption);
    setError(undefined);
    if (choice === 'yes') return navigate(`${registrationPaths.enterCollectorId}${carried}`);
    setPending(true);
    try {
      const answer = await cardCheck();
      saveRegistrationState({
        authToken: answer.authToken,
        userType: answer.userType ?? 'STANDARD',
        next: answer.next,
        existingCardType: 'NONE',
        ...(registrationDone ? { registrationDone } : {}),
      });
      await navigate(`${registrationPaths.enterEmail}${carried}`);
    } catch (failure) {
      setServerError((failure as Error).message);
    } finally {
      setPending(false);
    }
  };

  return (
    <RegistrationLayout step="nectar-card-check" heading="Right, let's get started">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
      >
        <RadioGroup<Choice>
          legend={`Have you used ${brand.name} before?`}
          name="card-check"
          variant="cards"
          value={choice}
          onChange={(value) => {
            setChoice(value);
            setError(undefined);
          }}
          error={error}
          options={[
            { value: 'yes', label: 'Yes', hint: `I have or have had a ${brand.name} card` },
            { value: 'no', label: 'No', hint: `I've never had a ${brand.name} card` },
          ]}
        />
        <FormError message={serverError} />
        <Button type="submit" fullWidth loading={pending}>
          Continue
        </Button>
      </form>
    </RegistrationLayout>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { CardCheckPage as Component };
