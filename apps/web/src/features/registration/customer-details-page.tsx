import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import {
  NAME_MAX,
  TITLES,
  customerDetailsFormSchema,
  formatDateOfBirthInput,
  registrationErrorCodes,
  toSentDateOfBirth,
} from '@app/contracts/registration';
import { HttpError } from '../../shared/http/client.ts';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { submitCustomerDetails, verifyAnalogueNectar } from './registration-api.ts';
import { FormError, RegistrationLayout } from './registration-layout.tsx';
import { registrationPaths } from './registration-paths.ts';
import { readRegistrationState, saveRegistrationState } from '../../shared/identity/registration-state.ts';

interface DetailsForm {
  title: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
}

/**
 * {prefix}/customer-details (docs/product/registration-and-sign-in.md §R2, §R5): title, names, date of birth
 * typed DD/MM/YYYY (slashes inserted) and sent as DD-MM-YYYY. ANALOG users are checking their card's details,
 * so they get the other heading.
 */
export function CustomerDetailsPage() {
  const navigate = useNavigate();
  const state = readRegistrationState();
  const titleId = useId();
  const [serverError, setServerError] = useState<string>();
  const schema = useMemo(() => customerDetailsFormSchema(), []);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<DetailsForm>({
    resolver: zodResolver(schema) as never,
    defaultValues: {
      title: '',
      firstName: state.firstName ?? '',
      lastName: state.lastName ?? '',
      dateOfBirth: '',
    },
  });
  if (!state.authToken) return <Navigate to={registrationPaths.cardCheck} replace />;
  const analog = state.userType === 'ANALOG';

  const onSubmit = handleSubmit(async (values) => {
    setServerError(undefined);
    const authToken = state.authToken ?? '';
    const lastName = values.lastName.trim();
    const dateOfBirth = toSentDateOfBirth(values.dateOfBirth);
    try {
      if (state.next?.includes('DO_VERIFY_ANALOGUE_NECTAR') && state.cardNumber) {
        await verifyAnalogueNectar({ authToken, collectorId: state.cardNumber, lastName, dateOfBirth });
      }
      const answer = await submitCustomerDetails({
        authToken,
        title: values.title,
        firstName: values.firstName.trim(),
        lastName,
        dateOfBirth,
      });
      saveRegistrationState({
        firstName: values.firstName.trim(),
        lastName,
        next: answer.next,
      });
      const skipAddress = answer.next.includes('DO_CONFIRM_SIGN_UP_SKIP_ADDRESS');
      await navigate(skipAddress ? registrationPaths.phoneNumber : registrationPaths.address);
    } catch (failure) {
      if (failure instanceof HttpError && failure.code === registrationErrorCodes.analogueMismatch) {
        await navigate(registrationPaths.verifyFailed);
        return;
      }
      setServerError((failure as Error).message);
    }
  });

  return (
    <RegistrationLayout
      step="customer-details"
      heading={analog ? 'We just need to check a few details' : "Let's create your account"}
    >
      {analog ? (
        <p className="registration__lead">
          This won't create a new account: it links your card to your online account.
        </p>
      ) : null}
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <div className={`field${errors.title ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor={titleId}>
            Title
          </label>
          <select
            id={titleId}
            className="field__select"
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={errors.title ? `${titleId}-error` : undefined}
            {...register('title')}
          >
            <option value="">Select</option>
            {TITLES.map((title) => (
              <option key={title} value={title}>
                {title}
              </option>
            ))}
          </select>
          {errors.title ? (
            <p className="field__error" id={`${titleId}-error`} role="alert">
              {errors.title.message}
            </p>
          ) : null}
        </div>
        <TextField
          label="First name"
          autoComplete="given-name"
          maxLength={25}
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          // One over the limit: the field never takes a page of text, and 'Last name must not be over 25
          // characters' (docs/product/registration-and-sign-in.md §R5) still shows for the 26th.
          maxLength={NAME_MAX + 1}
          error={errors.lastName?.message}
          {...register('lastName')}
        />
        <Controller
          control={control}
          name="dateOfBirth"
          render={({ field }) => (
            <TextField
              label="Date of birth"
              description="For example, 31/03/1980"
              inputMode="numeric"
              autoComplete="bday"
              placeholder="DD/MM/YYYY"
              maxLength={10}
              error={errors.dateOfBirth?.message}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(formatDateOfBirthInput(event.target.value, field.value))}
            />
          )}
        />
        <FormError message={serverError} />
        <Button type="submit" fullWidth loading={isSubmitting}>
          Continue
        </Button>
      </form>
    </RegistrationLayout>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { CustomerDetailsPage as Component };
