import KeyRound from 'lucide-react/icons/key-round';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AuthenticationResponse } from '@app/contracts/passkeys';
import { PASSKEY_ERROR_CODES, passkeyMessages } from '@app/contracts/passkeys-constants';
import { HttpError } from '../../shared/http/client.ts';
import { useDeviceValue } from '../../shared/hooks/use-device-value.ts';
import { browserHasPasskeys } from '../../shared/passkeys/browser-has-passkeys.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { getPasskeySignInOptions, signInWithPasskey } from './passkey-sign-in-api.ts';
import { startSignIn } from './start-sign-in.ts';

/** The browser library, loaded only where passkeys can work: the card-number page's own chunk stays small. */
const webAuthn = () => import('@simplewebauthn/browser');

/** Another ceremony of this page took over (the button after autofill's): nothing to tell the member. */
const isAborted = (error: unknown) =>
  error instanceof Error &&
  ((error as { code?: string }).code === 'ERROR_CEREMONY_ABORTED' || error.name === 'AbortError');

/**
 * 'Log in with a passkey' on the card-number page (docs/decisions/029), inside the identity
 * provider's login interaction `uid`: the browser's autofill offers the member's passkeys on the card-number
 * field (conditional mediation; the field says `autocomplete="username webauthn"`), and the button asks for
 * one at once. The server checks the answer and finishes the login as the password step does; the browser
 * follows the address it answers. Hidden where the browser has no passkeys.
 */
export function PasskeySignIn({ uid, next }: { uid: string; next: string | undefined }) {
  // Unknown where the build draws this page (ADR 045): the block is drawn hidden, holding its room, until the
  // app knows; the button then shows without moving the page, or the block goes where there are no passkeys.
  const supportedHere = useDeviceValue(browserHasPasskeys);
  const supported = supportedHere ?? false;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const mounted = useRef(true);

  /** A passkey's answer: the server finishes the login; the browser goes on to the app (or the partner). */
  const finish = useCallback(
    async (response: AuthenticationResponse) => {
      setBusy(true);
      setError(undefined);
      try {
        window.location.assign(await signInWithPasskey(uid, response));
        // Keep the spinner until the browser leaves.
        await new Promise(() => undefined);
      } catch (failure) {
        if (failure instanceof HttpError && failure.code === 'SIGN_IN_EXPIRED') {
          await startSignIn(next);
          return;
        }
        if (failure instanceof HttpError && failure.code === PASSKEY_ERROR_CODES.notRecognised) {
          // Tell the member's password manager that this passkey is gone, so it stops offering it.
          void webAuthn()
            .then(({ sendSignal }) =>
              sendSignal({
                signalName: 'unknownCredential',
                rpID: window.location.hostname,
                credentialID: response.id,
              }),
            )
            .catch(() => undefined);
        }
        throw failure;
      } finally {
        if (mounted.current) setBusy(false);
      }
    },
    [uid, next],
  );

  /** What went wrong, in the member's words: cancelled, or what the server said. */
  const explain = useCallback((failure: unknown) => {
    if (!mounted.current || isAborted(failure)) return;
    if (failure instanceof HttpError) setError(failure.message);
    else if (failure instanceof Error && failure.name === 'NotAllowedError')
      setError(passkeyMessages.cancelled);
    else setError(passkeyMessages.refused);
  }, []);

  /** Autofill: a passkey picked from the card-number field's suggestions signs the member in. */
  const offerInAutofill = useCallback(
    async (signal: AbortSignal) => {
      const { browserSupportsWebAuthnAutofill, startAuthentication } = await webAuthn();
      if (signal.aborted || !(await browserSupportsWebAuthnAutofill())) return;
      const optionsJSON = await getPasskeySignInOptions(uid, signal);
      if (signal.aborted) return;
      const response = await startAuthentication({ optionsJSON, useBrowserAutofill: true });
      await finish(response as AuthenticationResponse);
    },
    [uid, finish],
  );

  useEffect(() => {
    mounted.current = true;
    if (!supported) return;
    const controller = new AbortController();
    // A failure here is quiet unless the server refused a passkey the member picked.
    void webAuthn()
      .then(() => offerInAutofill(controller.signal))
      .catch((failure: unknown) => {
        if (failure instanceof HttpError && failure.status !== 0) explain(failure);
      });
    return () => {
      mounted.current = false;
      controller.abort();
      void webAuthn().then(({ WebAuthnAbortService }) => WebAuthnAbortService.cancelCeremony());
    };
  }, [supported, offerInAutofill, explain]);

  if (supportedHere === false) return null;
  const unknown = supportedHere === undefined;

  const askForPasskey = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const { startAuthentication } = await webAuthn();
      const optionsJSON = await getPasskeySignInOptions(uid);
      // Starting this ceremony ends autofill's; autofill is offered again if this one fails.
      const response = await startAuthentication({ optionsJSON });
      await finish(response as AuthenticationResponse);
    } catch (failure) {
      explain(failure);
      setBusy(false);
      if (mounted.current) {
        const controller = new AbortController();
        offerInAutofill(controller.signal).catch(() => undefined);
      }
    }
  };

  return (
    <div
      className={`sign-in__passkey${unknown ? ' sign-in__passkey--unknown' : ''}`}
      aria-hidden={unknown || undefined}
      inert={unknown || undefined}
    >
      <p className="sign-in__or" aria-hidden="true">
        <span>or</span>
      </p>
      {error ? <Alert>{error}</Alert> : null}
      <Button
        variant="secondary"
        fullWidth
        loading={busy}
        aria-describedby="passkey-sign-in-hint"
        onClick={() => void askForPasskey()}
      >
        <KeyRound aria-hidden="true" size={20} className="sign-in__passkey-icon" />
        {passkeyMessages.signInButton}
      </Button>
      <p id="passkey-sign-in-hint" className="sign-in__muted sign-in__passkey-hint">
        Use your fingerprint, face or screen lock instead of your password.
      </p>
    </div>
  );
}
