import { useState } from 'react';
import { twoFaCodeSchema, type DeliveryMethod } from '@app/contracts/sign-in';
import { Button } from '../../../shared/ui/button.tsx';
import { RadioGroup } from '../../../shared/ui/radio-group.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { useCodeOptions } from '../api/get-code-options.ts';
import { sendCode } from '../api/send-code.ts';
import { messageOf, Notice } from './account-layout.tsx';

/** Shown when the change is asked for before a code was sent. */
const STEP_UP_SEND_FIRST = 'Send yourself a security code first, then enter it here.';

const METHOD_LABEL: Record<DeliveryMethod, string> = { email: 'By email', sms: 'By text message' };

/**
 * Re-authentication before a change of email, mobile or redemption lock (docs/security.md): the member
 * chooses where the 6-digit code goes, asks for it, and types it. The code is handed to `onCode`; the change
 * call carries it (X-2FA-CODE) and the server spends it.
 */
export function StepUpCode({
  code,
  onCode,
  onSent,
  error,
}: {
  code: string;
  onCode: (code: string) => void;
  /** A code went out: the form forgets its last message about the code. */
  onSent?: () => void;
  error?: string;
}) {
  const options = useCodeOptions();
  const [method, setMethod] = useState<DeliveryMethod>();
  const [sent, setSent] = useState<string>();
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string>();
  const [touched, setTouched] = useState(false);
  const available = options.data?.options ?? [];
  const chosen = method ?? available[0]?.deliveryMethod;
  const formatError = touched ? twoFaCodeSchema.safeParse(code).error?.issues[0]?.message : undefined;

  const send = async () => {
    if (!chosen) return;
    setSending(true);
    setSendError(undefined);
    try {
      setSent((await sendCode(chosen)).description);
      onSent?.();
    } catch (failure) {
      setSendError(messageOf(failure));
    } finally {
      setSending(false);
    }
  };

  if (options.isPending) return <p role="status">Loading - Please wait...</p>;
  if (available.length === 0) {
    return (
      <Notice kind="error">We have no email address or mobile number to send a security code to.</Notice>
    );
  }
  return (
    <fieldset className="account__step-up">
      <legend>Confirm it&apos;s you</legend>
      <p>For your security we&apos;ll send you a 6-digit code. It lasts 10 minutes.</p>
      {available.length > 1 ? (
        <RadioGroup
          legend="Where should we send it?"
          name="delivery-method"
          options={available.map((option) => ({
            value: option.deliveryMethod,
            label: `${METHOD_LABEL[option.deliveryMethod]} to ${option.maskedDestination}`,
          }))}
          value={chosen}
          onChange={setMethod}
        />
      ) : (
        <p>We&apos;ll send it to {available[0]?.maskedDestination}.</p>
      )}
      <Button variant="secondary" onClick={() => void send()} loading={sending}>
        {sent ? 'Send a new code' : 'Send code'}
      </Button>
      {/* A change asked for before any code was sent: the code field is not there yet to show why. */}
      {!sent && error ? (
        <p className="field__error" role="alert">
          {STEP_UP_SEND_FIRST}
        </p>
      ) : null}
      {sent ? <Notice kind="success">{sent}</Notice> : null}
      {sendError ? <Notice kind="error">{sendError}</Notice> : null}
      {sent ? (
        <TextField
          label="Security code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          error={error ?? formatError}
          onChange={(event) => onCode(event.target.value.replace(/\D/g, ''))}
          onBlur={() => setTouched(true)}
        />
      ) : null}
    </fieldset>
  );
}
