import KeyRound from 'lucide-react/icons/key-round';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  PASSKEY_NAME_MAX_LENGTH,
  passkeyMessages,
  passkeyNameSchema,
  type Passkey,
  type RegistrationResponse,
} from '@app/contracts/passkeys';
import { HttpError } from '../../shared/http/client.ts';
import { browserHasPasskeys } from '../../shared/passkeys/browser-has-passkeys.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Popup } from '../../shared/ui/popup.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { addPasskey, getPasskeyRegistrationOptions } from './api/add-passkey.ts';
import { accountEventsQueryKey } from './api/get-account-events.ts';
import { passkeysQueryKey, usePasskeys } from './api/get-passkeys.ts';
import { removePasskey } from './api/remove-passkey.ts';
import { renamePasskey } from './api/rename-passkey.ts';
import { verifyCode } from './api/verify-code.ts';
import { Loading, messageOf, Notice } from './components/account-layout.tsx';
import { StepUpCode } from './components/step-up-code.tsx';
import { useStepUpSubmit } from './components/use-step-up-submit.ts';

const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });
const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** A failed ceremony in the member's words: cancelled, already on this device, or what the server said. */
function addFailure(failure: unknown): string {
  if (failure instanceof HttpError) return failure.message;
  if ((failure as { code?: string } | null)?.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
    return passkeyMessages.alreadyAdded;
  }
  if (failure instanceof Error && failure.name === 'NotAllowedError') return passkeyMessages.addCancelled;
  return passkeyMessages.addFailed;
}

/** The passkey's name, changed in place: Enter saves, Escape or Cancel leaves it as it was. */
function RenameForm({
  passkey,
  onDone,
}: {
  passkey: Passkey;
  onDone: (message?: { kind: 'success' | 'error'; text: string }) => void;
}) {
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const queryClient = useQueryClient();
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.select(), []);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = passkeyNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setSaving(true);
    try {
      const { description } = await renamePasskey(passkey.id, parsed.data);
      await queryClient.invalidateQueries({ queryKey: passkeysQueryKey });
      onDone({ kind: 'success', text: description });
    } catch (failure) {
      setSaving(false);
      setError(messageOf(failure));
    }
  };

  return (
    <form
      className="account__passkey-rename"
      noValidate
      onSubmit={(event) => void save(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDone();
      }}
    >
      <TextField
        ref={field}
        label="Passkey name"
        description="A name you'll recognise, like the phone or password manager it's on"
        value={name}
        maxLength={PASSKEY_NAME_MAX_LENGTH}
        error={error}
        onChange={(event) => {
          setName(event.target.value);
          setError(undefined);
        }}
      />
      <div className="account__actions">
        <Button type="submit" loading={saving}>
          Save name
        </Button>
        <Button variant="secondary" onClick={() => onDone()} disabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * 'Passkeys' on the security page (docs/decisions/029): the member's passkeys with their device and
 * last use, each renamed or removed here, and a new one added after a step-up code (the account's
 * re-authentication: a code verified in this session, good for 10 minutes). Says in plain words what a
 * password reset and closing the account do to them.
 */
export function Passkeys() {
  const passkeys = usePasskeys();
  const queryClient = useQueryClient();
  const [supported] = useState(browserHasPasskeys);
  /** Adding: 'code' while the step-up code is asked for. */
  const [step, setStep] = useState<'idle' | 'code'>('idle');
  const [adding, setAdding] = useState(false);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string }>();
  const [renaming, setRenaming] = useState<string>();
  const [removing, setRemoving] = useState<Passkey>();
  const [busy, setBusy] = useState(false);
  const { codeProps, error: stepUpError, saving, submit } = useStepUpSubmit();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  /** Set when a removal ends: the heading takes the focus once the dialog has closed. */
  const focusHeading = useRef(false);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
      queryClient.invalidateQueries({ queryKey: accountEventsQueryKey }),
    ]);

  /** The browser's ceremony for the challenge of this session, then the server stores the new passkey. */
  const register = async () => {
    const { startRegistration } = await import('@simplewebauthn/browser');
    const optionsJSON = await getPasskeyRegistrationOptions();
    const response = await startRegistration({ optionsJSON });
    const added = await addPasskey(response as RegistrationResponse);
    setStep('idle');
    setResult({ kind: 'success', text: added.description });
    await refresh();
  };

  const startAdding = async () => {
    setAdding(true);
    setResult(undefined);
    try {
      await register();
    } catch (failure) {
      // No code verified in this session yet (or its 10 minutes are over): ask for one first.
      if (failure instanceof HttpError && failure.code === 'REAUTH_REQUIRED') setStep('code');
      else setResult({ kind: 'error', text: addFailure(failure) });
    } finally {
      setAdding(false);
    }
  };

  const confirmAndAdd = () =>
    submit(async (code) => {
      setResult(undefined);
      await verifyCode(code);
      try {
        await register();
      } catch (failure) {
        // The code is spent and this session is confirmed for a while: 'Add a passkey' tries again directly.
        setStep('idle');
        setResult({ kind: 'error', text: addFailure(failure) });
      }
    });

  const remove = async (passkey: Passkey) => {
    setBusy(true);
    try {
      const { description } = await removePasskey(passkey.id);
      setResult({ kind: 'success', text: description });
    } catch (failure) {
      setResult({ kind: 'error', text: messageOf(failure) });
    } finally {
      setBusy(false);
      focusHeading.current = true;
      setRemoving(undefined);
      await refresh();
    }
  };

  useEffect(() => {
    if (removing || !focusHeading.current) return;
    focusHeading.current = false;
    heading.current?.focus();
  }, [removing]);

  const list = passkeys.data?.passkeys ?? [];

  return (
    <section aria-labelledby={headingId} className="account__passkeys">
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        Passkeys
      </h2>
      <p>
        A passkey lets you log in with your fingerprint, face or screen lock instead of your card number and
        password. Your phone, computer or password manager keeps it, and it only works on our website, so it
        can&apos;t be used on a fake one.
      </p>
      <p className="account__hint">
        Resetting your password doesn&apos;t remove your passkeys. Closing your account removes them all.
      </p>
      {passkeys.isPending ? (
        <Loading />
      ) : passkeys.isError ? (
        <Notice kind="error">{passkeys.error.message}</Notice>
      ) : list.length === 0 ? (
        <p className="account__empty">You haven&apos;t added a passkey yet.</p>
      ) : (
        <ul className="account__list" aria-label="Your passkeys">
          {list.map((passkey) => (
            <li key={passkey.id} className="account__device account__passkey">
              {renaming === passkey.id ? (
                <RenameForm
                  passkey={passkey}
                  onDone={(message) => {
                    setRenaming(undefined);
                    if (message) setResult(message);
                    requestAnimationFrame(() => document.getElementById(`rename-${passkey.id}`)?.focus());
                  }}
                />
              ) : (
                <>
                  <KeyRound className="account__passkey-icon" aria-hidden="true" size={22} />
                  <p>
                    <strong>{passkey.name}</strong>
                    <span className="account__hint">
                      Added {day.format(new Date(passkey.createdAt))} on {passkey.device}
                      {passkey.synced ? '. Synced to your other devices' : ''}
                    </span>
                    <span className="account__hint">
                      {passkey.lastUsedAt
                        ? `Last used ${when.format(new Date(passkey.lastUsedAt))}`
                        : 'Not used yet'}
                    </span>
                  </p>
                  <div className="account__actions">
                    <Button
                      id={`rename-${passkey.id}`}
                      variant="secondary"
                      aria-label={`Rename passkey ${passkey.name}`}
                      disabled={busy}
                      onClick={() => {
                        setResult(undefined);
                        setRenaming(passkey.id);
                      }}
                    >
                      Rename
                    </Button>
                    <Button
                      variant="secondary"
                      aria-label={`Remove passkey ${passkey.name}`}
                      disabled={busy}
                      onClick={() => {
                        setResult(undefined);
                        setRemoving(passkey);
                      }}
                    >
                      Remove
                    </Button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {result ? <Notice kind={result.kind}>{result.text}</Notice> : null}
      {!supported ? (
        <Alert tone="info" live="none">
          {passkeyMessages.addUnsupported}
        </Alert>
      ) : step === 'code' ? (
        <>
          {stepUpError ? <Notice kind="error">{stepUpError}</Notice> : null}
          <StepUpCode {...codeProps} />
          <div className="account__actions">
            <Button onClick={() => void confirmAndAdd()} loading={saving}>
              Confirm and add passkey
            </Button>
            <Button variant="secondary" onClick={() => setStep('idle')} disabled={saving}>
              Cancel
            </Button>
          </div>
        </>
      ) : (
        <Button onClick={() => void startAdding()} loading={adding}>
          Add a passkey
        </Button>
      )}
      <Popup
        open={removing !== undefined}
        onClose={() => (busy ? undefined : setRemoving(undefined))}
        title="Remove this passkey?"
      >
        <p>
          You won&apos;t be able to log in with <strong>{removing?.name}</strong> any more. Your device may
          still offer it: you can delete it there too.
        </p>
        <div className="account__actions">
          <Button loading={busy} onClick={() => void (removing && remove(removing))}>
            Remove passkey
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => setRemoving(undefined)}>
            Keep it
          </Button>
        </div>
      </Popup>
    </section>
  );
}
