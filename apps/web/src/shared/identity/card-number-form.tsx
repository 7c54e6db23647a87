import { useEffect, useState, type ReactNode } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import {
  CARD_NUMBER_INPUT_MAX_LENGTH,
  CARD_PREFIX,
  toFullCardNumber,
} from '@app/contracts/card-number-constants';
import { Button } from '../ui/button.tsx';
import { TextField } from '../ui/text-field.tsx';
import { CardNumberHelpPopup } from './card-number-help-popup.tsx';

interface FormValues {
  digits: string;
}

/**
 * The form's rules (the contract's card-number schema) with zod, loaded when the form is first checked, not
 * with the page: a sign-in page's first paint does not need them (ADR 040).
 */
const resolver: Resolver<FormValues> = async (values, context, options) =>
  (await import('./card-number-form-rules.ts')).cardNumberFormResolver(values, context, options);

/**
 * The 'Enter your card number' form (docs/product/registration-and-sign-in.md §R2): the field after the fixed
 * prefix, its hint, the help popup and Continue. Sign-in and registration's Yes path share it; each decides
 * what a full card number leads to.
 */
export function CardNumberForm({
  onCardNumber,
  initialCardNumber,
  fieldError,
  notice,
  pending = false,
  autoComplete = 'username',
}: {
  onCardNumber: (cardNumber: string) => void | Promise<void>;
  /** A full card number to fill in, once, when it arrives. */
  initialCardNumber?: string | undefined;
  /** An error about the number from the server, shown on the field. */
  fieldError?: string | undefined;
  /** A message about the journey (a registration-state error), shown above the form. */
  notice?: ReactNode;
  pending?: boolean;
  /** The field's autocomplete: sign-in adds `webauthn`, so the browser offers passkeys there (ADR 029). */
  autoComplete?: 'username' | 'username webauthn';
}) {
  const [helpOpen, setHelpOpen] = useState(false);
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<FormValues>({ resolver, defaultValues: { digits: '' } });

  useEffect(() => {
    if (initialCardNumber?.startsWith(CARD_PREFIX) && !getValues('digits')) {
      setValue('digits', initialCardNumber.slice(CARD_PREFIX.length));
    }
  }, [initialCardNumber, getValues, setValue]);

  return (
    <>
      {notice}
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(({ digits }) => onCardNumber(toFullCardNumber(digits)))(event)}
      >
        <TextField
          label="Card number"
          prefix={CARD_PREFIX}
          description="It's the last 11 numbers on your plastic card"
          inputMode="numeric"
          autoComplete={autoComplete}
          // Room for a pasted full number with its prefix and spaces: the schema reads it.
          maxLength={CARD_NUMBER_INPUT_MAX_LENGTH}
          error={errors.digits?.message ?? fieldError}
          {...register('digits')}
        />
        <Button variant="link" onClick={() => setHelpOpen(true)}>
          Need help with your card number?
        </Button>
        <Button type="submit" fullWidth loading={pending}>
          Continue
        </Button>
      </form>
      <CardNumberHelpPopup open={helpOpen} onClose={() => setHelpOpen(false)} />
    </>
  );
}
