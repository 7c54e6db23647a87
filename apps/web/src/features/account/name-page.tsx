import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { accountMessages, updateNameSchema } from '@app/contracts/account';
import { TITLES } from '@app/contracts/registration';
import { useFocusFirstInvalid } from '../../shared/hooks/use-focus-first-invalid.ts';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { useCustomer, useRefreshCustomer } from './api/get-customer.ts';
import { updateName } from './api/update-name.ts';
import { AccountLayout, Loading, messageOf, Notice } from './components/account-layout.tsx';

type Errors = Partial<Record<'title' | 'firstName' | 'lastName', string>>;

/**
 * /account/details/name: title, first and last name with the "Name" rule of
 * docs/product/signed-in-pages.md §S5.
 */
export function NamePage() {
  const customer = useCustomer();
  const refresh = useRefreshCustomer();
  const navigate = useNavigate();
  const titleId = useId();
  const [edited, setForm] = useState<{ title: string; firstName: string; lastName: string }>();
  const form = edited ?? {
    title: customer.data?.title ?? '',
    firstName: customer.data?.firstName ?? '',
    lastName: customer.data?.lastName ?? '',
  };
  const [errors, setErrors] = useState<Errors>({});
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, errors);
  const [serverError, setServerError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateNameSchema.safeParse(form);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Errors] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setSaving(true);
    setServerError(undefined);
    try {
      refresh(await updateName(parsed.data));
      await navigate('/account/details', { state: { notice: accountMessages.nameSaved } });
    } catch (error) {
      setServerError(messageOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <AccountLayout title="Your name" back={{ to: '/account/details', label: 'Back to personal details' }}>
      {customer.isPending ? (
        <Loading />
      ) : (
        <form ref={formRef} noValidate onSubmit={(event) => void onSubmit(event)}>
          {serverError ? <Notice kind="error">{serverError}</Notice> : null}
          <div className={`field${errors.title ? ' field--invalid' : ''}`}>
            <label className="field__label" htmlFor={titleId}>
              Title
            </label>
            <select
              id={titleId}
              className="field__select"
              value={form.title}
              aria-invalid={errors.title ? true : undefined}
              onChange={(event) => setForm({ ...form, title: event.target.value })}
            >
              <option value="">Select</option>
              {TITLES.map((title) => (
                <option key={title} value={title}>
                  {title}
                </option>
              ))}
            </select>
            {errors.title ? (
              <p className="field__error" role="alert">
                {errors.title}
              </p>
            ) : null}
          </div>
          <TextField
            label="First name"
            autoComplete="given-name"
            maxLength={25}
            value={form.firstName}
            error={errors.firstName}
            onChange={(event) => setForm({ ...form, firstName: event.target.value })}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            maxLength={25}
            value={form.lastName}
            error={errors.lastName}
            onChange={(event) => setForm({ ...form, lastName: event.target.value })}
          />
          <Button type="submit" loading={saving}>
            Save name
          </Button>
        </form>
      )}
    </AccountLayout>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { NamePage as Component };
