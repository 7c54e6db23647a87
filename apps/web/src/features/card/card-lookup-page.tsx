import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import {
  cardLookupRequestSchema,
  REPLACEMENT_TYPES,
  type CardLookupResponse,
  type ReplacementType,
} from '@app/contracts/card';
import { CARD_PREFIX } from '@app/contracts/card-number';
import { SIGN_IN_PATH } from '@app/contracts/routes';
import { twoFactorMessages, twoFaCodeSchema } from '@app/contracts/sign-in';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { requestCardCode, type CardFlow } from './api/request-card-code.ts';
import { validateReplacementCode, validateRetrieveCode } from './api/validate-card-code.ts';
import { reasonLabels } from './replacement-reasons.ts';
import './card.css';
import { Alert } from '../../shared/ui/alert.tsx';

type Details = z.infer<typeof cardLookupRequestSchema>;
const codeForm = z.object({
  twoFaCode: twoFaCodeSchema,
  replacementType: z.enum(REPLACEMENT_TYPES).optional(),
});
type CodeValues = z.infer<typeof codeForm>;

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong. Try again';

function DetailsStep({ flow, onSent }: { flow: CardFlow; onSent: (sent: CardLookupResponse) => void }) {
  const [serverError, setServerError] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Details>({
    resolver: zodResolver(cardLookupRequestSchema),
    defaultValues: { birthDate: '', lastName: '', postcode: '' },
  });
  const submit = async (details: Details) => {
    setServerError(undefined);
    try {
      onSent(await requestCardCode(flow, details));
    } catch (error) {
      setServerError(messageOf(error));
    }
  };
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      <p>
        Tell us a few details so we can find your card. We'll send a code to your email or mobile to check
        it's you.
      </p>
      {serverError ? <Alert>{serverError}</Alert> : null}
      <TextField
        label="Date of birth"
        description="For example, 15/06/1985"
        inputMode="numeric"
        autoComplete="bday"
        error={errors.birthDate?.message}
        {...register('birthDate')}
      />
      <TextField
        label="Last name"
        autoComplete="family-name"
        error={errors.lastName?.message}
        {...register('lastName')}
      />
      <TextField
        label="Postcode"
        autoComplete="postal-code"
        error={errors.postcode?.message}
        {...register('postcode')}
      />
      <Button type="submit" fullWidth loading={isSubmitting}>
        Continue
      </Button>
    </form>
  );
}

function CodeStep({
  flow,
  sent,
  onDone,
  onRestart,
}: {
  flow: CardFlow;
  sent: CardLookupResponse;
  onDone: (cardNumber: string) => void;
  onRestart: () => void;
}) {
  const [serverError, setServerError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CodeValues>({ resolver: zodResolver(codeForm), defaultValues: { twoFaCode: '' } });
  const submit = async ({ twoFaCode, replacementType }: CodeValues) => {
    setServerError(undefined);
    if (flow === 'replace' && !replacementType) {
      setError('replacementType', { message: 'Tell us what happened to your card' });
      return;
    }
    try {
      const answer =
        flow === 'retrieve'
          ? await validateRetrieveCode({ twoFaCode, encryptedCollectorJwt: sent.encryptedCollectorJwt })
          : await validateReplacementCode({
              twoFaCode,
              encryptedCollectorJwt: sent.encryptedCollectorJwt,
              replacementType: replacementType as ReplacementType,
            });
      onDone(answer.cardNumber);
    } catch (error) {
      setServerError(messageOf(error));
    }
  };
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      <p role="status">{twoFactorMessages.codeSent(sent.maskedDestination)}</p>
      {serverError ? <Alert>{serverError}</Alert> : null}
      {flow === 'replace' ? (
        <fieldset
          className="card-page__choices"
          aria-describedby={errors.replacementType ? 'reason-error' : undefined}
        >
          <legend>What happened to your card?</legend>
          {REPLACEMENT_TYPES.map((type) => (
            <label key={type}>
              <input type="radio" value={type} {...register('replacementType')} /> {reasonLabels[type]}
            </label>
          ))}
          {errors.replacementType ? (
            <span id="reason-error" className="field__error" role="alert">
              {errors.replacementType.message}
            </span>
          ) : null}
        </fieldset>
      ) : null}
      <TextField
        label="Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={errors.twoFaCode?.message}
        {...register('twoFaCode')}
      />
      <Button type="submit" fullWidth loading={isSubmitting}>
        {flow === 'retrieve' ? 'Show my card number' : 'Replace my card'}
      </Button>
      <Button variant="link" onClick={onRestart}>
        Didn't get a code? Start again
      </Button>
    </form>
  );
}

/**
 * /retrieve-card and /replace-card (docs/product/signed-in-pages.md §S2.2,
 * docs/product/calls-and-errors.md §S7.4): date of birth, last name and postcode with the bot-check, then a
 * one-time code by email or SMS, then the card number (or the new card's number).
 */
export function CardLookupPage({ flow }: { flow: CardFlow }) {
  const [sent, setSent] = useState<CardLookupResponse>();
  const [cardNumber, setCardNumber] = useState<string>();
  const title = flow === 'retrieve' ? 'Find your card number' : 'Replace your card';
  return (
    <main id="main" className="card-page">
      <h1>{title}</h1>
      <div className="card-page__panel">
        {cardNumber ? (
          <div role="status">
            <p>{flow === 'retrieve' ? 'Your card number is' : 'Your new card number is'}</p>
            <p className="card-page__number">
              {cardNumber.slice(0, CARD_PREFIX.length)}
              <strong>{cardNumber.slice(CARD_PREFIX.length)}</strong>
            </p>
            {flow === 'replace' ? (
              <Alert tone="success" live="none">
                <p>
                  Your old card has been cancelled and can't be used any more. Your points are safe on your
                  new card. Log in with your new card number.
                </p>
              </Alert>
            ) : (
              <p>Use it at the till, or log in with it.</p>
            )}
            <Link className="button button--primary button--full" to={SIGN_IN_PATH}>
              Log in
            </Link>
          </div>
        ) : sent ? (
          <CodeStep flow={flow} sent={sent} onDone={setCardNumber} onRestart={() => setSent(undefined)} />
        ) : (
          <DetailsStep flow={flow} onSent={setSent} />
        )}
      </div>
    </main>
  );
}
