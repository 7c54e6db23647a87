import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import {
  ADDRESS_SEARCH_DELAY_MS,
  addressSearchFormSchema,
  postcodeSchema,
  registrationErrorCodes,
  registrationMessages,
  type Address,
} from '@app/contracts/registration';
import { HttpError } from '../../shared/http/client.ts';
import { Button } from '../../shared/ui/button.tsx';
import { RadioGroup } from '../../shared/ui/radio-group.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { chooseAddress, findAddresses } from './registration-api.ts';
import { FormError, RegistrationLayout } from './registration-layout.tsx';
import { registrationPaths } from './registration-paths.ts';
import { readRegistrationState } from '../../shared/identity/registration-state.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The address lookup's failures in the words of docs/product/calls-and-errors.md §R8. */
function lookupMessage(failure: unknown) {
  if (failure instanceof HttpError) {
    if (failure.code === registrationErrorCodes.noAddresses) return registrationMessages.noAddresses;
    if (failure.code === 'SERVER_ERROR') return registrationMessages.serverError;
    if (failure.status === 400) return failure.message;
  }
  return registrationMessages.addressLookupFailed;
}

const addressText = (address: Address) => [...address.lines, address.postcode].join(', ');

/**
 * {prefix}/address (docs/product/registration-and-sign-in.md §R2, §R4): postcode and property search (after
 * the 2 s delay, bot-checked); one result to confirm, several to pick from, 'My address isn't listed' back to
 * the search form.
 */
export function AddressPage() {
  const navigate = useNavigate();
  const state = readRegistrationState();
  const [found, setFound] = useState<Address[]>([]);
  const [picked, setPicked] = useState<string>();
  const [pickError, setPickError] = useState<string>();
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<{ postcode: string; property: string }>({
    resolver: zodResolver(addressSearchFormSchema) as never,
    defaultValues: { postcode: '', property: '' },
  });
  if (!state.authToken) return <Navigate to={registrationPaths.cardCheck} replace />;
  if (state.next?.includes('DO_CONFIRM_SIGN_UP_SKIP_ADDRESS')) {
    return <Navigate to={registrationPaths.phoneNumber} replace />;
  }
  const known = state.userType === 'GHOST' || state.userType === 'ANALOG';

  const onSearch = handleSubmit(async ({ postcode, property }) => {
    setError(undefined);
    await wait(ADDRESS_SEARCH_DELAY_MS);
    try {
      const answer = await findAddresses(postcode, property);
      setFound(answer.addresses);
      setPicked(undefined);
    } catch (failure) {
      setError(lookupMessage(failure));
    }
  });

  const save = async (address: Address | undefined) => {
    if (!address) return setPickError(registrationMessages.selectAddress);
    setSaving(true);
    setError(undefined);
    try {
      await chooseAddress(state.authToken ?? '', address);
      await navigate(registrationPaths.phoneNumber);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setSaving(false);
    }
  };
  const backToSearch = () => {
    setFound([]);
    setPicked(undefined);
    setPickError(undefined);
  };

  const wording = known
    ? "We'll send surprises, and other important information in accordance with the Collector Rules."
    : "We'll send any important information regarding your account to your address.";

  if (found.length === 1 && found[0]) {
    const only = found[0];
    return (
      <RegistrationLayout step="address" heading="Is this your address?">
        <address className="registration__address">
          {[...only.lines, only.postcode].map((line) => (
            <span key={line} style={{ display: 'block' }}>
              {line}
            </span>
          ))}
        </address>
        <FormError message={error} />
        <div className="registration__actions">
          <Button type="button" fullWidth loading={saving} onClick={() => void save(only)}>
            Yes, continue
          </Button>
          <Button type="button" variant="secondary" fullWidth onClick={backToSearch}>
            No, that's not my address
          </Button>
        </div>
        <p>{wording}</p>
      </RegistrationLayout>
    );
  }

  if (found.length > 1) {
    return (
      <RegistrationLayout step="address" heading="We've found a few addresses, which is yours?">
        <RadioGroup<string>
          legend="Select your address"
          hideLegend
          name="address"
          value={picked}
          onChange={(value) => {
            setPicked(value);
            setPickError(undefined);
          }}
          error={pickError}
          options={found.map((address) => ({ value: addressText(address), label: addressText(address) }))}
        />
        <FormError message={error} />
        <div className="registration__actions">
          <Button
            type="button"
            fullWidth
            loading={saving}
            onClick={() => void save(found.find((address) => addressText(address) === picked))}
          >
            Continue
          </Button>
          <button type="button" className="registration__link-button" onClick={backToSearch}>
            My address isn't listed
          </button>
        </div>
        <p>{wording}</p>
      </RegistrationLayout>
    );
  }

  return (
    <RegistrationLayout step="address" heading="What's your address?">
      <form noValidate onSubmit={(event) => void onSearch(event)}>
        <TextField
          label="Property number or name"
          autoComplete="address-line1"
          maxLength={60}
          error={errors.property?.message}
          {...register('property')}
        />
        <TextField
          label="Postcode"
          autoComplete="postal-code"
          maxLength={8}
          error={errors.postcode?.message}
          {...register('postcode', {
            // docs/product/registration-and-sign-in.md §R5: a postcode that is not one says so as soon as the
            // field is left; the search's own message ('Enter a postcode, like AA11AA') replaces it on
            // submit.
            onBlur: (event: { target: { value: string } }) => {
              const value = event.target.value;
              if (value.trim() !== '' && !postcodeSchema.safeParse(value).success) {
                setFieldError('postcode', { type: 'blur', message: registrationMessages.postcodeBlur });
              } else if (errors.postcode?.type === 'blur') {
                clearErrors('postcode');
              }
            },
          })}
        />
        <FormError message={error} />
        <Button type="submit" fullWidth loading={isSubmitting}>
          Find address
        </Button>
      </form>
      <p>{wording}</p>
    </RegistrationLayout>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { AddressPage as Component };
