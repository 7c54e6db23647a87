import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { accountMessages } from '@app/contracts/account';
import { isValidMobile } from '@app/contracts/mobile-number';
import { MOBILE_PRIMARY_COUNTRY, mobileCountries } from '@app/contracts/registration';
import { currentEnvironment } from '../../shared/switches/switches.ts';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { useCustomer, useRefreshCustomer } from './api/get-customer.ts';
import { updateMobile } from './api/update-mobile.ts';
import { AccountLayout, Loading, Notice } from './components/account-layout.tsx';
import { StepUpCode } from './components/step-up-code.tsx';
import { useStepUpSubmit } from './components/use-step-up-submit.ts';

const countryNames = new Intl.DisplayNames(['en-GB'], { type: 'region' });

/**
 * /account/details/mobile-number: the new number (allowed countries, docs/product/signed-in-pages.md §S5),
 * with a step-up code.
 */
export function MobilePage() {
  const customer = useCustomer();
  const refresh = useRefreshCustomer();
  const navigate = useNavigate();
  const countryId = useId();
  const environment = currentEnvironment();
  const countries = mobileCountries(environment === 'production' || environment === undefined);
  const [countryCode, setCountryCode] = useState<string>(MOBILE_PRIMARY_COUNTRY);
  const [phoneNumber, setPhoneNumber] = useState('');
  const [numberError, setNumberError] = useState<string>();
  const { codeProps, error, saving, submit } = useStepUpSubmit();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!phoneNumber.trim()) return setNumberError('Enter your mobile number');
    if (!isValidMobile(phoneNumber, countryCode)) return setNumberError(accountMessages.mobileInvalid);
    setNumberError(undefined);
    await submit(async (code) => {
      refresh(await updateMobile({ phoneNumber, countryCode }, code));
      await navigate('/account/details', { state: { notice: accountMessages.mobileSaved } });
    });
  };

  return (
    <AccountLayout
      title="Your mobile number"
      back={{ to: '/account/details', label: 'Back to personal details' }}
    >
      {customer.isPending ? (
        <Loading />
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)}>
          <p>Your mobile number now: {customer.data?.mobile?.masked ?? 'none'}</p>
          {error ? <Notice kind="error">{error}</Notice> : null}
          <div className="field">
            <label className="field__label" htmlFor={countryId}>
              Country
            </label>
            <select
              id={countryId}
              className="field__select"
              value={countryCode}
              onChange={(event) => setCountryCode(event.target.value)}
            >
              {countries.map((country) => (
                <option key={country} value={country}>
                  {countryNames.of(country) ?? country}
                </option>
              ))}
            </select>
          </div>
          <TextField
            label="New mobile number"
            type="tel"
            autoComplete="tel-national"
            maxLength={20}
            value={phoneNumber}
            error={numberError}
            onChange={(event) => setPhoneNumber(event.target.value)}
          />
          <StepUpCode {...codeProps} />
          <Button type="submit" loading={saving}>
            Change mobile number
          </Button>
        </form>
      )}
    </AccountLayout>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { MobilePage as Component };
