import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { getCountryCallingCode, type CountryCode } from 'libphonenumber-js/mobile';
import { Navigate, useNavigate } from 'react-router';
import {
  MEMORABLE_NAME_MAX,
  MOBILE_PRIMARY_COUNTRY,
  mobileCountries,
  phoneFormSchema,
  registrationErrorCodes,
} from '@app/contracts/registration';
import { HttpError } from '../../shared/http/client.ts';
import { currentEnvironment } from '../../shared/switches/switches.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Popup } from '../../shared/ui/popup.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { Toggle } from '../../shared/ui/toggle.tsx';
import { phoneCheck } from './registration-api.ts';
import { FormError, RegistrationLayout } from './registration-layout.tsx';
import { registrationPaths } from './registration-paths.ts';
import { readRegistrationState } from '../../shared/identity/registration-state.ts';

const countryNames = new Intl.DisplayNames(['en-GB'], { type: 'region' });

/**
 * {prefix}/phone-number (docs/product/registration-and-sign-in.md §R2): memorable word, mobile with a country
 * picker, SMS marketing, the why modal.
 */
export function PhoneNumberPage() {
  const navigate = useNavigate();
  const state = readRegistrationState();
  const countryId = useId();
  // Production offers the short list; pre-production and local add more
  // (docs/product/switches-and-constants.md §R9). An unknown host gets the short list, which every server
  // accepts.
  const environment = currentEnvironment();
  const countries = mobileCountries(environment === 'production' || environment === undefined);
  const [sms, setSms] = useState(false);
  const [why, setWhy] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ memorableName: string; countryCode: string; phoneNumber: string }>({
    resolver: zodResolver(phoneFormSchema),
    defaultValues: { memorableName: '', countryCode: MOBILE_PRIMARY_COUNTRY, phoneNumber: '' },
  });
  if (!state.authToken) return <Navigate to={registrationPaths.cardCheck} replace />;

  const onSubmit = handleSubmit(async (values) => {
    setServerError(undefined);
    try {
      await phoneCheck({
        authToken: state.authToken ?? '',
        ...values,
        nectarContactPreferences: { contactBySMS: sms },
      });
      await navigate(registrationPaths.createPassword);
    } catch (failure) {
      // The server's rejection of the number belongs on the mobile field, not in a banner
      // (docs/product/registration-and-sign-in.md §R5 Mobile).
      if (failure instanceof HttpError && failure.code === registrationErrorCodes.invalidPhone) {
        setError('phoneNumber', { message: failure.message }, { shouldFocus: true });
        return;
      }
      setServerError((failure as Error).message);
    }
  });

  return (
    <RegistrationLayout step="phone-number" heading="Now let's make your account secure">
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          label="Memorable word"
          description="We'll ask for this if you call us."
          // One over the limit, so 'Memorable name must not be over 15 characters'
          // (docs/product/registration-and-sign-in.md §R5) still shows.
          maxLength={MEMORABLE_NAME_MAX + 1}
          autoComplete="off"
          error={errors.memorableName?.message}
          {...register('memorableName')}
        />
        <div className="registration__phone">
          <div className="field">
            <label className="field__label" htmlFor={countryId}>
              Country
            </label>
            <select id={countryId} className="field__select" {...register('countryCode')}>
              {countries.map((code) => (
                <option
                  key={code}
                  value={code}
                  label={`${code} +${getCountryCallingCode(code as CountryCode)}`}
                >
                  {countryNames.of(code) ?? code}
                </option>
              ))}
            </select>
          </div>
          <TextField
            label="Mobile number"
            type="tel"
            autoComplete="tel-national"
            maxLength={20}
            error={errors.phoneNumber?.message}
            {...register('phoneNumber')}
          />
        </div>
        <button type="button" className="registration__link-button" onClick={() => setWhy(true)}>
          Why do we ask for this?
        </button>
        <Toggle label="Send me offers and news by text" checked={sms} onChange={setSms} />
        <FormError message={serverError} />
        <Button type="submit" fullWidth loading={isSubmitting}>
          Continue
        </Button>
      </form>
      <Popup open={why} onClose={() => setWhy(false)} title="Why do we ask for this?">
        <p>
          Your points can be spent like money, so we use your mobile number and memorable word as extra
          security to check it's really you.
        </p>
      </Popup>
    </RegistrationLayout>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { PhoneNumberPage as Component };
