import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { passwordResetMessages } from '@app/contracts/password-reset';
import { IDENTITY_PREFIX, twoFaCodeSchema, type DeliveryMethod } from '@app/contracts/sign-in';
import { CardNumberForm } from '../../shared/identity/card-number-form.tsx';
import { Alert } from '../../shared/ui/alert.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { RadioGroup } from '../../shared/ui/radio-group.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import {
  getDeliveryOptions,
  resetWithId,
  sendResetCode,
  verifyResetCode,
} from './api/reset-with-card-number.ts';
import { NewPasswordForm } from './new-password-form.tsx';

/** Our wording where the spec shows none (ADR 037). */
export const cardResetMessages = {
  noDeliveryOptions:
    "We can't send a code for that card. Check the number, or reset your password with your email address.",
  chooseMethod: 'Choose where we should send your code',
  codeRefused: 'That code no longer works. Start again with your card number.',
} as const;

const METHOD_LABEL: Record<DeliveryMethod, string> = { email: 'Email', sms: 'Text message' };

type Step =
  | { name: 'card' }
  | {
      name: 'choose';
      collectorId: string;
      id: string;
      options: { deliveryMethod: DeliveryMethod; destination: string }[];
    }
  | { name: 'code'; collectorId: string; id: string; deliveryMethod: DeliveryMethod; sent: string }
  | { name: 'password'; token: string }
  | { name: 'link-sent'; description: string }
  | { name: 'done' };

const codeFormSchema = z.object({ code: twoFaCodeSchema });

/**
 * A step's heading takes focus when the step changes, so a screen reader says where the member is now (the
 * steps share one address).
 */
function StepHeading({ children, focus }: { children: ReactNode; focus: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <h1 ref={ref} tabIndex={-1}>
      {children}
    </h1>
  );
}

/** Step 2: where the code goes, as the server masks it; or a reset link to the card's email instead. */
function ChooseDelivery({
  step,
  onSent,
  onLinkSent,
}: {
  step: Extract<Step, { name: 'choose' }>;
  onSent: (deliveryMethod: DeliveryMethod, sent: string) => void;
  onLinkSent: (description: string) => void;
}) {
  const [method, setMethod] = useState<DeliveryMethod | undefined>(
    step.options.length === 1 ? step.options[0]?.deliveryMethod : undefined,
  );
  const [error, setError] = useState<string>();
  const [fieldError, setFieldError] = useState<string>();
  const [pending, setPending] = useState<'code' | 'link'>();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!method) {
      setFieldError(cardResetMessages.chooseMethod);
      return;
    }
    setError(undefined);
    setPending('code');
    try {
      onSent(method, (await sendResetCode(step.id, method)).description);
    } catch (failure) {
      setError((failure as Error).message);
      setPending(undefined);
    }
  };
  const sendLink = async () => {
    setError(undefined);
    setPending('link');
    try {
      onLinkSent((await resetWithId(step.collectorId)).description);
    } catch (failure) {
      setError((failure as Error).message);
      setPending(undefined);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <p>We'll send you a 6-digit code to check it's you.</p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <RadioGroup
        legend="Where should we send your code?"
        // The step's heading asks the same; the legend still names the group for a screen reader.
        hideLegend
        name="deliveryMethod"
        variant="cards"
        options={step.options.map(({ deliveryMethod, destination }) => ({
          value: deliveryMethod,
          label: METHOD_LABEL[deliveryMethod],
          hint: destination,
        }))}
        value={method}
        onChange={(value) => {
          setMethod(value);
          setFieldError(undefined);
        }}
        error={fieldError}
      />
      <Button type="submit" fullWidth loading={pending === 'code'} disabled={pending === 'link'}>
        Send code
      </Button>
      {step.options.some((option) => option.deliveryMethod === 'email') ? (
        <Button
          variant="link"
          loading={pending === 'link'}
          disabled={pending === 'code'}
          onClick={() => void sendLink()}
        >
          Email me a reset link instead
        </Button>
      ) : null}
    </form>
  );
}

/** Step 3: the code, as on the sign-in code page ('Code', 'Send a new code'). */
function EnterCode({
  step,
  onToken,
}: {
  step: Extract<Step, { name: 'code' }>;
  onToken: (token: string) => void;
}) {
  const [notice, setNotice] = useState(step.sent);
  const [error, setError] = useState<string>();
  const [resending, setResending] = useState(false);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<z.infer<typeof codeFormSchema>>({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { code: '' },
  });

  const onSubmit = async ({ code }: { code: string }) => {
    setError(undefined);
    try {
      onToken((await verifyResetCode(step.collectorId, code)).token);
    } catch (failure) {
      setError((failure as Error).message);
      setFocus('code');
    }
  };
  const resend = async () => {
    setError(undefined);
    setResending(true);
    try {
      setNotice((await sendResetCode(step.id, step.deliveryMethod)).description);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setResending(false);
    }
  };

  return (
    <>
      <p role="status">{notice}</p>
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <TextField
          label="Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={errors.code?.message}
          {...register('code')}
        />
        <Button type="submit" fullWidth loading={isSubmitting}>
          Continue
        </Button>
        <Button variant="link" loading={resending} onClick={() => void resend()}>
          Send a new code
        </Button>
      </form>
    </>
  );
}

/**
 * The reset by card number (docs/product/calls-and-errors.md §S7.4), offered on the forgotten-password page:
 * the card number, where the code goes (email or SMS, masked as the server gives them; or a reset link to the
 * card's email), the code, then the new password with the same form as the emailed link. Each step's heading
 * takes focus.
 */
export function ResetWithCardNumber({ onUseEmail }: { onUseEmail: () => void }) {
  const [step, setStep] = useState<Step>({ name: 'card' });
  // It opens on a click of "Use your card number instead", which goes away: its heading takes the focus.
  const [moved, setMoved] = useState(true);
  const [cardError, setCardError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [pending, setPending] = useState(false);
  const go = (next: Step) => {
    setMoved(true);
    setStep(next);
  };

  const onCardNumber = async (collectorId: string) => {
    setCardError(undefined);
    setNotice(undefined);
    setPending(true);
    try {
      const answer = await getDeliveryOptions(collectorId);
      if (answer.deliveryOptions.length === 0) setCardError(cardResetMessages.noDeliveryOptions);
      else go({ name: 'choose', collectorId, id: answer.id, options: answer.deliveryOptions });
    } catch (failure) {
      setNotice((failure as Error).message);
    } finally {
      setPending(false);
    }
  };

  const startAgain = (
    <Button variant="link" onClick={() => go({ name: 'card' })}>
      Start again
    </Button>
  );

  switch (step.name) {
    case 'card':
      return (
        <>
          <StepHeading key={step.name} focus={moved}>
            Reset your password
          </StepHeading>
          <p>Enter your card number and we'll send you a code to choose a new password.</p>
          <CardNumberForm
            onCardNumber={onCardNumber}
            pending={pending}
            fieldError={cardError}
            notice={notice ? <Alert tone="error">{notice}</Alert> : null}
          />
          <div className="password-reset__actions">
            <Button variant="link" onClick={onUseEmail}>
              Use your email address instead
            </Button>
            <Link to={`${IDENTITY_PREFIX}/login`}>Back to log in</Link>
          </div>
        </>
      );
    case 'choose':
      return (
        <>
          <StepHeading key={step.name} focus={moved}>
            How should we send your code?
          </StepHeading>
          <ChooseDelivery
            step={step}
            onSent={(deliveryMethod, sent) => go({ ...step, name: 'code', deliveryMethod, sent })}
            onLinkSent={(description) => go({ name: 'link-sent', description })}
          />
          <div className="password-reset__actions">{startAgain}</div>
        </>
      );
    case 'code':
      return (
        <>
          <StepHeading key={step.name} focus={moved}>
            Check it's you
          </StepHeading>
          <EnterCode step={step} onToken={(token) => go({ name: 'password', token })} />
          <div className="password-reset__actions">{startAgain}</div>
        </>
      );
    case 'password':
      return (
        <>
          <StepHeading key={step.name} focus={moved}>
            Choose a new password
          </StepHeading>
          <NewPasswordForm
            token={step.token}
            onDone={() => go({ name: 'done' })}
            onTokenRefused={() => {
              go({ name: 'card' });
              setNotice(cardResetMessages.codeRefused);
            }}
          />
        </>
      );
    case 'link-sent':
      return (
        <>
          <StepHeading key={step.name} focus={moved}>
            Check your email
          </StepHeading>
          <p>{step.description}</p>
          <div className="password-reset__actions">{startAgain}</div>
        </>
      );
    case 'done':
      return (
        <>
          <StepHeading key={step.name} focus={moved}>
            {passwordResetMessages.changed}
          </StepHeading>
          <p>You can now log in with your new password.</p>
          <Link className="button button--primary" to={`${IDENTITY_PREFIX}/login`}>
            Log in
          </Link>
        </>
      );
  }
}
