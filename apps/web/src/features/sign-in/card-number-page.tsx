import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import {
  CARD_NUMBER_DIGITS,
  CARD_PREFIX,
  cardNumberDigitsSchema,
  toFullCardNumber,
} from '@app/contracts/card-number';
import { IDENTITY_PREFIX, safeNext } from '@app/contracts/sign-in';
import { Button } from '../../shared/ui/button.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { CardNumberHelpPopup } from './card-number-help-popup.tsx';
import { readIdentityState, updateIdentityState } from './identity-state.ts';
import { getRememberedCard } from './sign-in-api.ts';
import { useStartSignIn } from './use-start-sign-in.ts';
import './sign-in.css';

const formSchema = z.object({ digits: cardNumberDigitsSchema });
type FormValues = z.infer<typeof formSchema>;

/**
 * 'Enter your card number' ({prefix}/login, /enter-card-number, /enter-collector-id, /app-enter-card-number).
 * Entered without an identity interaction, the page first starts the authorization request, so every sign-in
 * goes through the provider and comes back to `next`.
 */
export function CardNumberPage() {
  const [params] = useSearchParams();
  const uid = params.get('uid') ?? undefined;
  const next = safeNext(params.get('next')) ?? (uid ? undefined : readIdentityState().next);
  const startFailed = useStartSignIn(!uid, next);
  const navigate = useNavigate();
  const [helpOpen, setHelpOpen] = useState(false);
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: { digits: '' } });

  useEffect(() => {
    if (!uid) return;
    updateIdentityState({ uid });
    const known = readIdentityState().collectorId;
    if (known?.startsWith(CARD_PREFIX) && !getValues('digits')) {
      setValue('digits', known.slice(CARD_PREFIX.length));
      return;
    }
    getRememberedCard()
      .then(({ cardNumber }) => {
        if (cardNumber && !getValues('digits')) setValue('digits', cardNumber.slice(CARD_PREFIX.length));
      })
      .catch(() => undefined);
  }, [uid, getValues, setValue]);

  if (!uid) {
    return (
      <main id="main" className="sign-in">
        <div className="sign-in__waiting">
          {startFailed ? (
            <p role="alert">Something went wrong. Try again</p>
          ) : (
            <Spinner size="large" label="Taking you to log in" />
          )}
        </div>
      </main>
    );
  }

  const onSubmit = ({ digits }: FormValues) => {
    updateIdentityState({ collectorId: toFullCardNumber(digits), uid });
    void navigate(`${IDENTITY_PREFIX}/enter-password?${new URLSearchParams({ uid }).toString()}`);
  };

  return (
    <main id="main" className="sign-in">
      <div className="sign-in__card">
        <h1>Enter your card number</h1>
        <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
          <TextField
            label="Card number"
            prefix={CARD_PREFIX}
            description="It's the last 11 numbers on your plastic card"
            inputMode="numeric"
            autoComplete="username"
            maxLength={CARD_NUMBER_DIGITS}
            error={errors.digits?.message}
            {...register('digits')}
          />
          <Button variant="link" onClick={() => setHelpOpen(true)}>
            Need help with your card number?
          </Button>
          <Button type="submit" fullWidth>
            Continue
          </Button>
        </form>
      </div>
      <CardNumberHelpPopup open={helpOpen} onClose={() => setHelpOpen(false)} />
    </main>
  );
}
