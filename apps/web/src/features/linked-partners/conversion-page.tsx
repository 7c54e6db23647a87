import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { brand } from '@app/contracts/brand';
import {
  CONVERSION_RATES,
  convertedPoints,
  modalTexts,
  partnerByBrandKey,
  pointsInputSchema,
  type ConversionType,
} from '@app/contracts/linked-partners';
import { errorMessageOf, HttpError } from '../../shared/http/client.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Popup } from '../../shared/ui/popup.tsx';
import { RadioGroup } from '../../shared/ui/radio-group.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { useLinkedPartners } from './api/get-linked-partners.ts';
import { useStartConversion } from './api/start-conversion.ts';
import { ReturnNotice, useReturnNotice } from './components/return-notice.tsx';
import { keepPendingConversion } from './pending-conversion.ts';
import { useBrandKey } from './use-brand-key.ts';
import './linked-partners.css';
import { amount as amountOf, n, stepsHint } from './conversion-wording.ts';
import { Alert } from '../../shared/ui/alert.tsx';

/**
 * /brands/{key}/conversion for a linked partner: choose the direction (NECTAR_TO_PARTNER or
 * PARTNER_TO_NECTAR) and the points; Continue checks the rules and sends the 2FA code
 * (docs/product/calls-and-errors.md §S8; docs/security.md).
 */
export function ConversionPage() {
  const brandDetailsKey = useBrandKey();
  const navigate = useNavigate();
  const info = partnerByBrandKey(brandDetailsKey);
  const partners = useLinkedPartners();
  const start = useStartConversion();
  const [notice] = useReturnNotice();
  const [conversionType, setConversionType] = useState<ConversionType>('NECTAR_TO_PARTNER');
  const [amount, setAmount] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [lockModal, setLockModal] = useState<'account_locked' | 'partner_account_locked' | null>(null);
  const partner = partners.data?.partners.find((p) => p.partnerId === info?.partnerId);

  if (!info) return null;
  const rate = CONVERSION_RATES[info.kind][conversionType];
  const given = Number(amount);
  const received = amount ? convertedPoints(info.kind, conversionType, given) : null;
  const fromName = conversionType === 'NECTAR_TO_PARTNER' ? `${brand.name} points` : info.pointsName;
  const toName = conversionType === 'NECTAR_TO_PARTNER' ? info.pointsName : `${brand.name} points`;

  const submit = () => {
    const parsed = pointsInputSchema.safeParse(amount);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    if (convertedPoints(info.kind, conversionType, parsed.data) === null) {
      setFieldError(`Enter a number of points in steps of ${n(rate.step)}.`);
      return;
    }
    setFieldError(undefined);
    const body = { partnerId: info.partnerId, conversionType, points: parsed.data };
    start.mutate(body, {
      onSuccess: (challenge) => {
        keepPendingConversion({ ...challenge, ...body });
        void navigate(`/brands/${info.brandDetailsKey}/conversion/twofa`);
      },
      onError: (error) => {
        if (error instanceof HttpError && error.code === 'REDEMPTION_LOCKED') setLockModal('account_locked');
        if (error instanceof HttpError && error.code === 'PARTNER_ACCOUNT_LOCKED')
          setLockModal('partner_account_locked');
      },
    });
  };

  return (
    <main id="main" className="linked-partners">
      <h1>Convert your points</h1>
      <ReturnNotice notice={notice} />
      {partners.isPending ? (
        <Spinner size="large" label="Loading your accounts" />
      ) : partners.isError ? (
        <Alert>We couldn't load your accounts. Please try again later.</Alert>
      ) : !partner?.linked ? (
        <p>
          Link your {info.name} account first.{' '}
          <Link to="/account/linked-partners">Go to linked partners</Link>
        </p>
      ) : (
        <>
          <p>
            {brand.name}: <strong>{n(partners.data.nectarBalance)} points</strong> · {info.name}:{' '}
            <strong>
              {partner.linked.partnerBalance === null
                ? 'unavailable'
                : `${n(partner.linked.partnerBalance)} ${info.pointsName}`}
            </strong>
          </p>
          <form
            className="conversion__form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <RadioGroup<ConversionType>
              legend="What would you like to do?"
              name="conversionType"
              variant="cards"
              value={conversionType}
              onChange={(value) => {
                setConversionType(value);
                setFieldError(undefined);
              }}
              options={[
                { value: 'NECTAR_TO_PARTNER', label: `${brand.name} points to ${info.pointsName}` },
                { value: 'PARTNER_TO_NECTAR', label: `${info.pointsName} to ${brand.name} points` },
              ]}
            />
            <TextField
              label={`${fromName} to convert`}
              description={stepsHint(rate, fromName, toName)}
              inputMode="numeric"
              value={amount}
              maxLength={8}
              error={fieldError}
              onChange={(event) => setAmount(event.target.value.replace(/[^\d]/g, ''))}
            />
            <p className="conversion__preview" aria-live="polite">
              {received === null ? '\u00a0' : `You'll get ${amountOf(received, toName)}`}
            </p>
            <Button type="submit" loading={start.isPending}>
              Continue
            </Button>
          </form>
          {start.isError ? (
            <Alert>{errorMessageOf(start.error instanceof HttpError ? start.error.body : undefined)}</Alert>
          ) : null}
          <p>
            <Link to="/account/linked-partners">Back to linked partners</Link>
          </p>
        </>
      )}
      <Popup
        partner
        open={lockModal !== null}
        onClose={() => setLockModal(null)}
        title={
          lockModal === 'partner_account_locked'
            ? modalTexts.partner_account_locked.title
            : modalTexts.account_locked.title
        }
      >
        <p>{errorMessageOf(start.error instanceof HttpError ? start.error.body : undefined)}</p>
        <Button onClick={() => setLockModal(null)}>OK</Button>
      </Popup>
    </main>
  );
}
