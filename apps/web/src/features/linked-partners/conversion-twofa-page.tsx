import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { conversionConfirmSchema, partnerByBrandKey } from '@app/contracts/linked-partners';
import { errorMessageOf, HttpError } from '../../shared/http/client.ts';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { useConfirmConversion } from './api/confirm-conversion.ts';
import { useResendConversionCode } from './api/resend-conversion-code.ts';
import { leaveReturnMessage } from './partner-return.ts';
import { forgetPendingConversion, readPendingConversion } from './pending-conversion.ts';
import { useBrandKey } from './use-brand-key.ts';
import './linked-partners.css';
import { wholeNumber } from '../../shared/format/uk-format.ts';

/** Code errors stay on this page; every other answer ends the conversion and returns to linked partners. */
const CODE_ERRORS = new Set(['CODE_INCORRECT', 'VALIDATION']);

/** /brands/{key}/conversion/twofa: the 2FA code that confirms a conversion (docs/security.md). */
export function ConversionTwofaPage() {
  const brandDetailsKey = useBrandKey();
  const navigate = useNavigate();
  const info = partnerByBrandKey(brandDetailsKey);
  const [pending] = useState(readPendingConversion);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [sentMessage, setSentMessage] = useState(pending?.message);
  const confirm = useConfirmConversion();
  const resend = useResendConversionCode();

  if (!info || !pending || pending.partnerId !== info.partnerId) {
    return (
      <main id="main" className="linked-partners">
        <h1>Confirm it is you</h1>
        <p>There's no conversion waiting for a code.</p>
        <Link to={`/brands/${brandDetailsKey}/conversion`}>Start a conversion</Link>
      </main>
    );
  }

  const finish = (kind: 'error' | 'message', text: string) => {
    forgetPendingConversion();
    leaveReturnMessage(kind, text);
    void navigate('/account/linked-partners');
  };

  const submit = () => {
    const parsed = conversionConfirmSchema.safeParse({
      conversionToken: pending.conversionToken,
      twoFaCode: code,
    });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    confirm.mutate(parsed.data, {
      onSuccess: (result) => finish('message', result.message),
      onError: (error) => {
        const message = errorMessageOf(error instanceof HttpError ? error.body : undefined);
        if (error instanceof HttpError && CODE_ERRORS.has(error.code ?? '')) setFieldError(message);
        else if (error instanceof HttpError && error.code?.startsWith('CODE_')) setFieldError(message);
        else finish('error', message);
      },
    });
  };

  return (
    <main id="main" className="linked-partners">
      <h1>Confirm it is you</h1>
      <p role="status">{sentMessage}</p>
      <p>
        You're converting {wholeNumber(pending.pointsGiven)}{' '}
        {pending.conversionType === 'NECTAR_TO_PARTNER' ? 'points' : info.pointsName} and will get{' '}
        {wholeNumber(pending.pointsReceived)}{' '}
        {pending.conversionType === 'NECTAR_TO_PARTNER' ? info.pointsName : 'points'}.
      </p>
      <form
        className="conversion__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          label="Code"
          description="The 6-digit code we sent you"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          error={fieldError}
          onChange={(event) => setCode(event.target.value.replace(/[^\d]/g, ''))}
        />
        <div className="partner-panel__actions">
          <Button type="submit" loading={confirm.isPending}>
            Confirm conversion
          </Button>
          <Button
            variant="link"
            loading={resend.isPending}
            onClick={() =>
              resend.mutate(pending.conversionToken, {
                onSuccess: (answer) => setSentMessage(answer.message),
                onError: (error) =>
                  setFieldError(errorMessageOf(error instanceof HttpError ? error.body : undefined)),
              })
            }
          >
            Send a new code
          </Button>
        </div>
      </form>
      <p>
        <Link to={`/brands/${info.brandDetailsKey}/conversion`} onClick={forgetPendingConversion}>
          Cancel
        </Link>
      </p>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { ConversionTwofaPage as Component };
