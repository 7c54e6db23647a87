import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import {
  BUSINESS_CATEGORIES_NOTICE_MS,
  BUSINESS_NAME_MAX,
  EMPLOYEE_BANDS,
  businessDetailsFormSchema,
  employeeBandLetter,
  businessLookupResponseSchema,
  registrationMessages,
} from '@app/contracts/registration';
import { progressivePaths } from '@app/contracts/progressive-paths';
import { request } from '../../shared/http/client.ts';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { BusinessRulesLink } from './business-rules-link.tsx';
import { submitBusinessDetails } from './registration-api.ts';
import { FormError, RegistrationLayout } from './registration-layout.tsx';
import { registrationPaths } from './registration-paths.ts';
import { readRegistrationState, saveRegistrationState } from '../../shared/identity/registration-state.ts';

interface BusinessForm {
  name: string;
  employeesIndex: string;
  category: string;
}

/** A labelled select with the shared field's error styling. */
function SelectField({
  label,
  error,
  children,
  ...rest
}: React.SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string | undefined }) {
  const id = useId();
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__select"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...rest}
      >
        {children}
      </select>
      {error ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * {prefix}/business-details, 'Tell us about your business.' (docs/product/registration-and-sign-in.md §R2,
 * §R5): name, employee band (index 1-9 sent as A-I) and category from the business lookup; a failed lookup
 * shows its notice for 4 seconds.
 */
export function BusinessDetailsPage() {
  const navigate = useNavigate();
  const state = readRegistrationState();
  const lookup = useQuery({
    queryKey: ['business-lookup'],
    queryFn: () => request(progressivePaths.businessLookup, { schema: businessLookupResponseSchema }),
    retry: false,
  });
  const [noticeOver, setNoticeOver] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<BusinessForm>({
    resolver: zodResolver(businessDetailsFormSchema) as never,
    defaultValues: { name: '', employeesIndex: '', category: '' },
  });

  useEffect(() => {
    if (!lookup.isError) return;
    const timer = setTimeout(() => setNoticeOver(true), BUSINESS_CATEGORIES_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [lookup.isError]);

  if (!state.authToken) return <Navigate to={registrationPaths.cardCheck} replace />;

  const onSubmit = handleSubmit(async (values) => {
    setServerError(undefined);
    try {
      const answer = await submitBusinessDetails({
        authToken: state.authToken ?? '',
        name: values.name.trim(),
        employees: employeeBandLetter(Number(values.employeesIndex)),
        category: values.category,
      });
      saveRegistrationState({ next: answer.next });
      await navigate(registrationPaths.customerDetails);
    } catch (failure) {
      setServerError((failure as Error).message);
    }
  });

  const bands = lookup.data?.businessEmployees ?? {};
  return (
    <RegistrationLayout step="business-details" heading="Tell us about your business.">
      {lookup.isError && !noticeOver ? (
        <p className="registration__notice registration__notice--error" role="alert">
          {registrationMessages.businessCategoriesFailed}
        </p>
      ) : null}
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          label="Business name"
          // One over the limit, so 'Business name must not be over 30 characters'
          // (docs/product/registration-and-sign-in.md §R5) still shows.
          maxLength={BUSINESS_NAME_MAX + 1}
          autoComplete="organization"
          error={errors.name?.message}
          {...register('name')}
        />
        <SelectField
          label="Number of employees"
          error={errors.employeesIndex?.message}
          {...register('employeesIndex')}
        >
          <option value="">Select</option>
          {EMPLOYEE_BANDS.map((letter, index) =>
            bands[letter] ? (
              <option key={letter} value={index + 1}>
                {bands[letter]}
              </option>
            ) : null,
          )}
        </SelectField>
        <SelectField
          label="What does your business do?"
          error={errors.category?.message}
          {...register('category')}
        >
          <option value="">Select</option>
          {(lookup.data?.businessCategories ?? []).map((group) => (
            <optgroup key={group.group} label={group.group}>
              {group.categories.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </optgroup>
          ))}
        </SelectField>
        <p>
          <BusinessRulesLink />
        </p>
        <FormError message={serverError} />
        <Button type="submit" fullWidth loading={isSubmitting}>
          Continue
        </Button>
      </form>
    </RegistrationLayout>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { BusinessDetailsPage as Component };
