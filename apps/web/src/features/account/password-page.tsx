import { useState, type FormEvent } from 'react';
import { accountMessages } from '@app/contracts/account';
import { Button } from '../../shared/ui/button.tsx';
import { NewPasswordFields, useNewPassword } from '../../shared/ui/new-password-fields.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { useCustomer } from './api/get-customer.ts';
import { changePassword } from './api/change-password.ts';
import { AccountLayout, messageOf, Notice } from './components/account-layout.tsx';

/**
 * /account/password: the current password, then a new one with the rules of
 * docs/product/signed-in-pages.md §S5 ('Your password must:' and its list, 'Passwords do not match.');
 * Continue stays disabled until both hold.
 */
export function PasswordPage() {
  const customer = useCustomer();
  const [current, setCurrent] = useState('');
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const [saving, setSaving] = useState(false);
  const newPassword = useNewPassword({
    firstName: customer.data?.firstName,
    lastName: customer.data?.lastName,
    email: customer.data?.email,
  });
  const password = newPassword.password;
  const ready = current.length > 0 && newPassword.ready;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!current) return setError(accountMessages.currentPasswordEmpty);
    if (!ready) return;
    setSaving(true);
    setError(undefined);
    try {
      setDone((await changePassword({ currentPassword: current, newPassword: password })).description);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <AccountLayout title="Change your password">
      {done ? (
        <Notice kind="success">{done}</Notice>
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)}>
          {error ? <Notice kind="error">{error}</Notice> : null}
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            maxLength={64}
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
          />
          <NewPasswordFields {...newPassword.fields} />
          <Button type="submit" disabled={!ready} loading={saving}>
            Continue
          </Button>
        </form>
      )}
    </AccountLayout>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { PasswordPage as Component };
