import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { registrationMessages } from '@app/contracts/registration';
import { Button } from '../../shared/ui/button.tsx';
import { RadioGroup } from '../../shared/ui/radio-group.tsx';
import { chooseAccount } from './registration-api.ts';
import { FormError, RegistrationLayout } from './registration-layout.tsx';
import { registrationPaths } from './registration-paths.ts';
import { readRegistrationState, saveRegistrationState } from '../../shared/identity/registration-state.ts';

type Kind = 'consumer' | 'business';

/**
 * {prefix}/choose-an-account (docs/product/registration-and-sign-in.md §R2): consumer to customer details,
 * business to business details.
 */
export function ChooseAccountPage() {
  const navigate = useNavigate();
  const state = readRegistrationState();
  const [kind, setKind] = useState<Kind>();
  const [error, setError] = useState<string>();
  const [serverError, setServerError] = useState<string>();
  const [pending, setPending] = useState(false);
  if (!state.authToken) return <Navigate to={registrationPaths.cardCheck} replace />;

  const onSubmit = async () => {
    if (!kind) return setError(registrationMessages.selectOption);
    setPending(true);
    try {
      const answer = await chooseAccount(state.authToken ?? '', kind);
      saveRegistrationState({ accountKind: kind, next: answer.next });
      await navigate(
        kind === 'consumer' ? registrationPaths.customerDetails : registrationPaths.businessDetails,
      );
    } catch (failure) {
      setServerError((failure as Error).message);
    } finally {
      setPending(false);
    }
  };

  return (
    <RegistrationLayout step="choose-an-account" heading="Choose an account">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
      >
        <RadioGroup<Kind>
          legend="Which account would you like?"
          name="account-kind"
          variant="cards"
          value={kind}
          onChange={(value) => {
            setKind(value);
            setError(undefined);
          }}
          error={error}
          options={[
            { value: 'consumer', label: 'Personal account', hint: 'Offers personalised for you' },
            {
              value: 'business',
              label: 'Business account',
              hint: 'Offers personalised for you and your small business',
            },
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
export { ChooseAccountPage as Component };
