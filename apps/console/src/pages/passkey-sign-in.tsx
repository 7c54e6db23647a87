import { useState } from 'react';
import { staffPasskeyMessages } from '@app/contracts/staff';
import { browserHasPasskeys, signInFailure } from '../shared/passkeys.ts';
import { Notice } from '../shared/ui/notice.tsx';

/**
 * "Sign in with a passkey" beside the password form (docs/staff-console.md "Signing in"): no email asked, the
 * browser offers the passkeys it holds for the console; the passkey's unlock (fingerprint, face, screen lock,
 * security key PIN) is both factors. A failure or a closed sheet says why, as an alert. Left out where the
 * browser cannot use passkeys. The sign-in page runs the ceremony (`signInWithPasskey`) and passes its state.
 */
export function PasskeySignIn({
  pending,
  error,
  onSignIn,
}: {
  pending: boolean;
  error: unknown;
  onSignIn: () => void;
}) {
  const [supported] = useState(browserHasPasskeys);
  if (!supported) return null;
  return (
    <div className="stack stack--tight">
      <p className="or" aria-hidden="true">
        <span>or</span>
      </p>
      {error ? <Notice tone="error">{signInFailure(error)}</Notice> : null}
      <button
        type="button"
        className="button button--secondary button--wide"
        aria-describedby="passkey-sign-in-hint"
        aria-busy={pending || undefined}
        disabled={pending}
        onClick={onSignIn}
      >
        {staffPasskeyMessages.signInButton}
      </button>
      <p id="passkey-sign-in-hint" className="field__hint">
        No email or code needed: unlock the passkey with your fingerprint, face, screen lock or security key.
      </p>
    </div>
  );
}
