import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { accountMessages } from '@app/contracts/account';
import { Button } from '../../shared/ui/button.tsx';
import { Checkbox } from '../../shared/ui/checkbox.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { closeAccount } from './api/close-account.ts';
import { AccountLayout, messageOf, Notice } from './components/account-layout.tsx';

/**
 * /account/close-account and /delete-account (behind the delete-account switch): the password and a tick
 * close the account for good; every session ends and the member lands on /account-deleted.
 */
export function CloseAccountPage({ title = 'Close your account' }: { title?: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState(false);
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next = {
      password: password ? undefined : accountMessages.closePasswordEmpty,
      confirm: confirm ? undefined : accountMessages.closeConfirm,
    };
    setErrors(next);
    if (next.password || next.confirm) return;
    setBusy(true);
    setError(undefined);
    try {
      await closeAccount(password);
      queryClient.clear();
      await navigate('/account-deleted', { replace: true });
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccountLayout title={title} back={{ to: '/account/close', label: 'Back' }}>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <p>This can&apos;t be undone. Enter your password to confirm it&apos;s you.</p>
        {error ? <Notice kind="error">{error}</Notice> : null}
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          maxLength={64}
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Checkbox
          label="I understand my points will be lost and my account closed for good"
          checked={confirm}
          error={errors.confirm}
          onChange={(event) => setConfirm(event.target.checked)}
        />
        <Button type="submit" className="account__danger" loading={busy}>
          Close my account
        </Button>
      </form>
    </AccountLayout>
  );
}

export function DeleteAccountPage() {
  return <CloseAccountPage title="Delete your account" />;
}
