import { useState, type FormEvent } from 'react';
import { accountMessages } from '@app/contracts/account';
import {
  checkPasswordRules,
  passwordMessages,
  passwordProblem,
  passwordRules,
} from '@app/contracts/password';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { useCustomer } from './api/get-customer.ts';
import { changePassword } from './api/change-password.ts';
import { AccountLayout, messageOf, Notice } from './components/account-layout.tsx';

/**
 * /account/password: the current password, then a new one with the rules of signed-in spec 5 ('Your
 * password must:' and its list, 'Passwords do not match.'); Continue stays disabled until both hold.
 */
export function PasswordPage() {
  const customer = useCustomer();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [confirmTouched, setConfirmTouched] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const [saving, setSaving] = useState(false);
  const context = {
    firstName: customer.data?.firstName,
    lastName: customer.data?.lastName,
    email: customer.data?.email,
  };
  const results = checkPasswordRules(password, context);
  const mismatch = confirmTouched && confirmation !== password;
  const ready = current.length > 0 && !passwordProblem(password, context) && password === confirmation;

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
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            maxLength={64}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <div>
            <p id="password-rules-intro">{passwordMessages.intro}</p>
            <ul className="password-rules" aria-labelledby="password-rules-intro">
              {passwordRules.map((rule) => (
                <li key={rule.id} data-met={results[rule.id]}>
                  {rule.label}
                  <span className="visually-hidden">{results[rule.id] ? ' (done)' : ' (not yet)'}</span>
                </li>
              ))}
            </ul>
          </div>
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            maxLength={64}
            value={confirmation}
            error={mismatch ? passwordMessages.mismatch : undefined}
            onChange={(event) => setConfirmation(event.target.value)}
            onBlur={() => setConfirmTouched(true)}
          />
          <Button type="submit" disabled={!ready} loading={saving}>
            Continue
          </Button>
        </form>
      )}
    </AccountLayout>
  );
}
