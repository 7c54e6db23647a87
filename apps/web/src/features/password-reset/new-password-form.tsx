import { useState, type FormEvent } from 'react';
import { passwordResetPaths } from '@app/contracts/password-reset-paths';
import { HttpError, request } from '../../shared/http/client.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { NewPasswordFields, useNewPassword } from '../../shared/ui/new-password-fields.tsx';

/**
 * The new-password step of a reset, whichever way the reset token came (the emailed link, or the code of the
 * card-number reset): 'Your password must:' and its rules (docs/product/registration-and-sign-in.md §R5),
 * 'Passwords do not match.', Continue disabled until both hold; POST /credentials/password {token, password}.
 * The server checks the name and email rules too (it knows them; this form does not).
 */
export function NewPasswordForm({
  token,
  onDone,
  onTokenRefused,
}: {
  token: string;
  onDone: () => void;
  /** The server no longer takes the token (used, expired): the caller says so its own way. */
  onTokenRefused: () => void;
}) {
  const { password, ready, fields } = useNewPassword();
  const [serverError, setServerError] = useState<string>();
  const [loading, setLoading] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setServerError(undefined);
    setLoading(true);
    try {
      await request<void>(passwordResetPaths.password, { method: 'POST', body: { token, password } });
      onDone();
    } catch (error) {
      if (error instanceof HttpError && error.code === 'RESET_LINK_INVALID') onTokenRefused();
      else setServerError(error instanceof Error ? error.message : undefined);
    } finally {
      setLoading(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      {serverError ? <Alert tone="error">{serverError}</Alert> : null}
      <NewPasswordFields {...fields} />
      <Button type="submit" fullWidth disabled={!ready} loading={loading}>
        Continue
      </Button>
    </form>
  );
}
