import { useState } from 'react';
import {
  checkPasswordRules,
  passwordMessages,
  passwordProblem,
  passwordRules,
  type PasswordContext,
  type PasswordRuleId,
} from '@app/contracts/password';
import { TextField } from './text-field.tsx';

export interface NewPasswordFieldsProps {
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
  /** Which rules hold, from `checkPasswordRules`. */
  results: Record<PasswordRuleId, boolean>;
  /** Show 'Passwords do not match.' under the confirmation field. */
  mismatch: boolean;
  passwordLabel: string;
  confirmationLabel: string;
  /** The class of the rules list (each feature styles it). */
  rulesClassName: string;
  /** Wrap the intro and the list in one block, so the form's spacing treats them as one item. */
  groupRules?: boolean;
  onConfirmationBlur?: () => void;
}

/**
 * A new password and its confirmation with the rules of docs/product/registration-and-sign-in.md §R5 and
 * docs/product/signed-in-pages.md §S5 between them: 'Your password must:' and its list, each rule marked
 * done or not yet as the person types, and 'Passwords do not match.' when asked.
 */
export function NewPasswordFields({
  password,
  confirmation,
  onPasswordChange,
  onConfirmationChange,
  results,
  mismatch,
  passwordLabel,
  confirmationLabel,
  rulesClassName,
  groupRules = false,
  onConfirmationBlur,
}: NewPasswordFieldsProps) {
  const rules = (
    <>
      <p id="password-rules-intro">{passwordMessages.intro}</p>
      <ul className={rulesClassName} aria-labelledby="password-rules-intro">
        {passwordRules.map((rule) => (
          <li key={rule.id} data-met={results[rule.id]}>
            {rule.label}
            <span className="visually-hidden">{results[rule.id] ? ' (done)' : ' (not yet)'}</span>
          </li>
        ))}
      </ul>
    </>
  );
  return (
    <>
      <TextField
        label={passwordLabel}
        type="password"
        autoComplete="new-password"
        maxLength={64}
        value={password}
        onChange={(event) => onPasswordChange(event.target.value)}
      />
      {groupRules ? <div>{rules}</div> : rules}
      <TextField
        label={confirmationLabel}
        type="password"
        autoComplete="new-password"
        maxLength={64}
        value={confirmation}
        error={mismatch ? passwordMessages.mismatch : undefined}
        onChange={(event) => onConfirmationChange(event.target.value)}
        onBlur={onConfirmationBlur}
      />
    </>
  );
}

/**
 * A new password being chosen (a reset, the account's change): its fields' state and props, 'Passwords do not
 * match.' once the confirmation has been left, and whether both the rules and the match hold.
 */
export function useNewPassword(context: PasswordContext = {}) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [confirmTouched, setConfirmTouched] = useState(false);
  const fields: NewPasswordFieldsProps = {
    password,
    confirmation,
    onPasswordChange: setPassword,
    onConfirmationChange: setConfirmation,
    onConfirmationBlur: () => setConfirmTouched(true),
    results: checkPasswordRules(password, context),
    mismatch: confirmTouched && confirmation !== password,
    passwordLabel: 'New password',
    confirmationLabel: 'Confirm new password',
    rulesClassName: 'password-rules',
    groupRules: true,
  };
  return { password, ready: !passwordProblem(password, context) && password === confirmation, fields };
}
