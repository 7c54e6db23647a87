import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { Link } from 'react-router';
import {
  CLAIM_PARTNERS,
  CLAIM_WINDOW_DAYS,
  DATE_PARTS,
  claimFormSchema,
  missingPointsMessages as m,
  receiptFileProblem,
  ukDate,
  type ClaimAnswer,
  type ClaimFields,
  type ClaimForm,
} from '@app/contracts/missing-points';
import type { ErrorCode } from '@app/contracts/error-codes';
import { HttpError } from '../../shared/http/client.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Card } from '../../shared/ui/card.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { useSendClaim } from './api/send-claim.ts';
import { DateInput } from './date-input.tsx';
import { longDay, pounds } from './format.ts';
import { MissingPointsLayout } from './missing-points-layout.tsx';
import { ReceiptField } from './receipt-field.tsx';

type FieldName = keyof ClaimFields | 'receipt';

/** Where each field's error is read, in the order of the form (the error summary's order). */
const FIELD_LABELS: Record<FieldName, string> = {
  partner: 'Where you shopped',
  purchasedOn: 'Date of purchase',
  spend: 'Amount spent',
  reference: 'Receipt or order reference',
  receipt: 'Photo of the receipt',
};

/** The server's refusals that belong to one field: shown there, beside what the member typed. */
const FIELD_OF_CODE: Partial<Record<ErrorCode, FieldName>> = {
  CLAIM_PURCHASE_TOO_OLD: 'purchasedOn',
  CLAIM_PURCHASE_IN_FUTURE: 'purchasedOn',
  CLAIM_DUPLICATE: 'reference',
  RECEIPT_TOO_LARGE: 'receipt',
  RECEIPT_TYPE_NOT_ALLOWED: 'receipt',
};

const DAY_MS = 86_400_000;

/** A YYYY-MM-DD day as typed in the date's three boxes: "19 11 2026". */
const typedDay = (isoDay: string) => {
  const [year, month, day] = isoDay.split('-');
  return `${Number(day)} ${Number(month)} ${year}`;
};

/** The instant answer, or the stored claim: what the member learns after sending. */
function Answer({ answer, onAnother }: { answer: ClaimAnswer; onAnother: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focus = (node: HTMLHeadingElement | null) => {
    headingRef.current = node;
    node?.focus();
  };
  let title: string;
  let body: React.ReactNode;
  if (answer.outcome === 'PENDING') {
    const { pending } = answer;
    title = m.onTheirWay;
    body = (
      <p>
        We found your {pending.partnerName} purchase of {longDay(pending.purchasedOn)} (
        {pounds(pending.spendPence)}
        ). Its <strong>{pending.points} points</strong> will be in your balance by{' '}
        {longDay(pending.expectedOn)}. There’s no need to claim.
      </p>
    );
  } else if (answer.outcome === 'CREDITED') {
    const { credited } = answer;
    title = m.alreadyCredited;
    body = (
      <>
        <p>
          <strong>{credited.points} points</strong> for your {credited.partnerName} purchase
          {credited.spendPence ? ` of ${pounds(credited.spendPence)}` : ''} were added to your balance on{' '}
          {longDay(credited.creditedOn)}.
        </p>
        <p>
          {credited.receiptPath ? (
            <Link to={credited.receiptPath}>View the receipt</Link>
          ) : (
            <Link to="/card/activity">See your activity</Link>
          )}
        </p>
      </>
    );
  } else {
    title = m.received;
    body = (
      <p>
        Your claim for {answer.claim.partnerName}, {longDay(answer.claim.purchasedOn)} (
        {pounds(answer.claim.spendPence)}) is open. We’ll email you when it’s settled, usually within 10
        working days, and any points go straight to your balance.
      </p>
    );
  }
  return (
    <Card className="missing-points__answer">
      <h2 ref={focus} tabIndex={-1}>
        {title}
      </h2>
      <Alert tone={answer.outcome === 'CREDITED' ? 'info' : 'success'} live="status">
        {body}
      </Alert>
      <div className="missing-points__actions">
        <Link className="button button--primary" to="/account/missing-points">
          See your claims
        </Link>
        <Button variant="secondary" onClick={onAnother}>
          Claim for another purchase
        </Button>
      </div>
    </Card>
  );
}

/**
 * /account/missing-points/claim: the claim form (ADR 043). The contract's rules check each field before
 * sending (the server checks them again, and the receipt's content); an error keeps what was typed, is shown by
 * its field and listed in a summary that takes the focus.
 */
export function ClaimPage() {
  // The window ends on the day the page opened (the server checks again on its own clock); the hint's example
  // is a day inside it.
  const [{ today, example }] = useState(() => {
    const now = new Date();
    return { today: ukDate(now), example: typedDay(ukDate(new Date(now.getTime() - 7 * DAY_MS))) };
  });
  const send = useSendClaim();
  const [receipt, setReceipt] = useState<File>();
  const [receiptError, setReceiptError] = useState<string>();
  const [serverError, setServerError] = useState<{ field?: FieldName; message: string }>();
  const [answer, setAnswer] = useState<ClaimAnswer>();
  const summaryRef = useRef<HTMLDivElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const ids = { partner: useId(), summary: useId() };

  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, submitCount },
  } = useForm<ClaimForm, unknown, ClaimFields>({
    // The date's three boxes come out as the wire's YYYY-MM-DD day (claimFormSchema).
    resolver: zodResolver(claimFormSchema(today)),
    defaultValues: {
      partner: '' as ClaimFields['partner'],
      purchasedOn: { day: '', month: '', year: '' },
      spend: '',
      reference: '',
    },
    shouldFocusError: false,
  });

  // The date's boxes at fault share one message (the contract gives it to each), shown for the group; a server's
  // refusal of the date (too old, in the future) is about all three. Each box checks the others again when it
  // changes (deps), so the group's message follows what is typed.
  const dateErrors = errors.purchasedOn;
  const dateFaults = DATE_PARTS.filter((part) => dateErrors?.[part]?.message);
  const dateError = dateFaults.map((part) => dateErrors?.[part]?.message).find(Boolean);
  const fieldError = (name: FieldName) => {
    if (name === 'receipt') {
      return receiptError ?? (serverError?.field === 'receipt' ? serverError.message : undefined);
    }
    const own = name === 'purchasedOn' ? dateError : errors[name]?.message;
    return own ?? (serverError?.field === name ? serverError.message : undefined);
  };
  const dateInvalid = Object.fromEntries(
    DATE_PARTS.map((part) => [
      part,
      dateFaults.length > 0 ? dateFaults.includes(part) : serverError?.field === 'purchasedOn',
    ]),
  );
  const listed = (Object.keys(FIELD_LABELS) as FieldName[])
    .map((name) => ({ name, message: fieldError(name) }))
    .filter((entry): entry is { name: FieldName; message: string } => Boolean(entry.message));
  const summaryItems = [
    ...listed,
    ...(serverError && !serverError.field ? [{ name: undefined, message: serverError.message }] : []),
  ];

  const showSummary = () => requestAnimationFrame(() => summaryRef.current?.focus());

  const onValid = (fields: ClaimFields) => {
    if (receiptError) {
      showSummary();
      return;
    }
    setServerError(undefined);
    send.mutate(
      { ...fields, receipt },
      {
        onSuccess: setAnswer,
        onError: (error) => {
          const code = error instanceof HttpError ? error.code : undefined;
          setServerError({ field: code ? FIELD_OF_CODE[code] : undefined, message: error.message });
          showSummary();
        },
      },
    );
  };
  const onInvalid = (_errors: FieldErrors<ClaimForm>) => {
    setServerError(undefined);
    showSummary();
  };

  const chooseReceipt = (file: File | undefined) => {
    setReceipt(file);
    setReceiptError(file ? receiptFileProblem(file) : undefined);
    if (serverError?.field === 'receipt') setServerError(undefined);
    // The input forgets the file too, so choosing the same file again is a change.
    if (!file && fileInputRef.current) fileInputRef.current.value = '';
  };
  /** The element a summary's link takes the focus to: the field, or the date's first box at fault (Day for a whole date). */
  const fieldId = (name: FieldName) =>
    name === 'purchasedOn' ? `claim-purchasedOn-${dateFaults[0] ?? 'day'}` : `claim-${name}`;
  const focusField = (name: FieldName) => {
    const target = document.getElementById(fieldId(name));
    target?.focus({ preventScroll: true });
    // With its label and hint in sight, not at the window's edge where focus() would leave it.
    target?.scrollIntoView?.({ block: 'center' });
  };

  if (answer) {
    return (
      <MissingPointsLayout
        title="Claim missing points"
        back={{ to: '/account/missing-points', label: 'Back to missing points' }}
      >
        <Answer
          answer={answer}
          onAnother={() => {
            setAnswer(undefined);
            reset();
            chooseReceipt(undefined);
          }}
        />
      </MissingPointsLayout>
    );
  }

  const partnerError = fieldError('partner');
  return (
    <MissingPointsLayout
      title="Claim missing points"
      back={{ to: '/account/missing-points', label: 'Back to missing points' }}
    >
      <p className="missing-points__intro">
        Tell us about a purchase from the last {CLAIM_WINDOW_DAYS} days whose points didn’t arrive. We’ll
        check your account first: points can take a few days to arrive from some partners.
      </p>
      {summaryItems.length > 0 && (submitCount > 0 || serverError) ? (
        <div
          className="missing-points__summary"
          ref={summaryRef}
          tabIndex={-1}
          role="alert"
          aria-labelledby={ids.summary}
        >
          <h2 id={ids.summary}>There is a problem</h2>
          <ul>
            {summaryItems.map((item) => (
              <li key={`${item.name ?? 'form'}-${item.message}`}>
                {item.name ? (
                  <a
                    href={`#${fieldId(item.name)}`}
                    onClick={(event) => {
                      event.preventDefault();
                      focusField(item.name);
                    }}
                  >
                    {FIELD_LABELS[item.name]}: {item.message}
                  </a>
                ) : (
                  item.message
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Card>
        <form
          className="missing-points__form"
          noValidate
          onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)}
        >
          <div className={`field${partnerError ? ' field--invalid' : ''}`}>
            <label className="field__label" htmlFor="claim-partner">
              {FIELD_LABELS.partner}
            </label>
            <select
              id="claim-partner"
              className="field__select"
              aria-invalid={partnerError ? true : undefined}
              aria-describedby={partnerError ? `${ids.partner}-error` : undefined}
              {...register('partner')}
            >
              <option value="">Choose a partner</option>
              {CLAIM_PARTNERS.map((partner) => (
                <option key={partner.id} value={partner.id}>
                  {partner.name}
                </option>
              ))}
            </select>
            {partnerError ? (
              <span className="field__error" id={`${ids.partner}-error`}>
                {partnerError}
              </span>
            ) : null}
          </div>
          <DateInput
            id="claim-purchasedOn"
            legend={FIELD_LABELS.purchasedOn}
            hint={`Within the last ${CLAIM_WINDOW_DAYS} days. For example, ${example}`}
            error={fieldError('purchasedOn')}
            invalid={dateInvalid}
            fields={{
              day: register('purchasedOn.day', { deps: ['purchasedOn.month', 'purchasedOn.year'] }),
              month: register('purchasedOn.month', { deps: ['purchasedOn.day', 'purchasedOn.year'] }),
              year: register('purchasedOn.year', { deps: ['purchasedOn.day', 'purchasedOn.month'] }),
            }}
          />
          <TextField
            id="claim-spend"
            label={FIELD_LABELS.spend}
            description="In pounds, for example 12.50"
            prefix="£"
            inputMode="decimal"
            autoComplete="off"
            error={fieldError('spend')}
            {...register('spend')}
          />
          <TextField
            id="claim-reference"
            label={FIELD_LABELS.reference}
            description="As printed on the receipt or in the order email"
            autoComplete="off"
            maxLength={40}
            error={fieldError('reference')}
            {...register('reference')}
          />
          <ReceiptField
            id="claim-receipt"
            label={`${FIELD_LABELS.receipt} (optional)`}
            hint="A photo (JPEG or PNG) or a PDF, 5 MB at most. It helps us settle your claim sooner."
            file={receipt}
            error={fieldError('receipt')}
            inputRef={fileInputRef}
            onChoose={chooseReceipt}
            onRemove={() => {
              chooseReceipt(undefined);
              fileInputRef.current?.focus();
            }}
          />
          <Button type="submit" fullWidth loading={send.isPending}>
            {send.isPending ? 'Sending your claim' : 'Send claim'}
          </Button>
        </form>
      </Card>
    </MissingPointsLayout>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { ClaimPage as Component };
