import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  offerMessages,
  offerStepSchema,
  type OfferLifecycle,
  type OfferStep,
  type StaffOfferDetails,
} from '@app/contracts/staff-offers';
import { messageOf } from '../../shared/api.ts';
import { formatDateTime } from '../../shared/format.ts';
import { formText } from '../../shared/form-text.ts';
import { offerKeys, offersApi } from '../../shared/offers-api.ts';
import { useStaffSession } from '../../shared/session.ts';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { TextAreaField } from '../../shared/ui/field.tsx';
import { Notice } from '../../shared/ui/notice.tsx';
import { audienceFor } from './offer-words.tsx';

/** Who approves an offer waiting: the contract's rule, then who may. */
const WAITING = `${offerMessages.ownApproval} A campaign manager or an admin approves or rejects it.`;

/** What comes next for an offer in each lifecycle, under the steps. */
const NEXT: Record<OfferLifecycle, string> = {
  draft: 'Members see nothing of a draft. Send it for approval when it is ready.',
  'awaiting-approval': WAITING,
  scheduled: 'Approved: members see it, and tills pay it, from its start.',
  live: 'Members see it and tills pay it until its end, or until its budget is spent.',
  paused: 'Members do not see it and tills do not pay it until it is resumed.',
  ended: 'It no longer runs. A new version runs it again, once approved.',
};

/** A step that changes what members see: asked for in a dialog, with what it does and a reason. */
type ConfirmedStep = Extract<OfferStep, 'approve' | 'reject' | 'pause' | 'resume' | 'end'>;

interface StepSpec {
  button: string;
  title: (offer: StaffOfferDetails) => string;
  lead: (offer: StaffOfferDetails) => string;
  submit: string;
  /** The reason's label; required for a rejection, which its writer reads. */
  reason: { label: string; hint: string; required: boolean };
  danger?: boolean;
}

const startsText = (offer: StaffOfferDetails) =>
  new Date(offer.validFrom).getTime() > Date.now()
    ? `It starts on ${formatDateTime(offer.validFrom)}`
    : 'It goes live at once';

const STEPS: Record<ConfirmedStep, StepSpec> = {
  approve: {
    button: 'Approve',
    title: (offer) => `Approve “${offer.title}”`,
    lead: (offer) =>
      `${startsText(offer)}, until ${formatDateTime(offer.validTo)}, for ` +
      `${audienceFor(offer.draft.audience, offer.listCount)}. Tills pay it from then.`,
    submit: 'Approve the offer',
    reason: {
      label: 'Note (optional)',
      hint: 'Kept with the offer and in the audit trail.',
      required: false,
    },
  },
  reject: {
    button: 'Reject',
    title: (offer) => `Reject “${offer.title}”`,
    lead: () => 'The offer goes back to a draft, with your reason for its writer.',
    submit: 'Reject the offer',
    reason: { label: 'Reason', hint: 'What to change, for the person who wrote it.', required: true },
    danger: true,
  },
  pause: {
    button: 'Pause',
    title: (offer) => `Pause “${offer.title}”`,
    lead: () => 'Members stop seeing it and tills stop paying it until it is resumed.',
    submit: 'Pause the offer',
    reason: {
      label: 'Reason (optional)',
      hint: 'Kept with the offer and in the audit trail.',
      required: false,
    },
  },
  resume: {
    button: 'Resume',
    title: (offer) => `Resume “${offer.title}”`,
    lead: (offer) => `Members see it again and tills pay it, until ${formatDateTime(offer.validTo)}.`,
    submit: 'Resume the offer',
    reason: {
      label: 'Note (optional)',
      hint: 'Kept with the offer and in the audit trail.',
      required: false,
    },
  },
  end: {
    button: 'End',
    title: (offer) => `End “${offer.title}”`,
    lead: () =>
      'Members stop seeing it at once and tills stop paying it. An ended offer does not start again: ' +
      'make a new version to run it again.',
    submit: 'End the offer',
    reason: {
      label: 'Reason (optional)',
      hint: 'Kept with the offer and in the audit trail.',
      required: false,
    },
    danger: true,
  },
};

/** What each step says once done, announced on the offer's page. */
const DONE: Record<OfferStep, string> = {
  submit: 'Sent for approval. Someone else must approve it.',
  approve: 'Approved.',
  reject: 'Rejected: the offer is a draft again.',
  pause: 'Paused: members no longer see it.',
  resume: 'Resumed: members see it again.',
  end: 'Ended.',
  'new-version': 'A new version is made as a draft.',
};

/** The confirmation of a step, with its reason, and the server's refusal in its words. */
function StepDialog({
  offer,
  step,
  onClose,
  onDone,
}: {
  offer: StaffOfferDetails;
  step: ConfirmedStep;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const spec = STEPS[step];
  const queryClient = useQueryClient();
  const [error, setError] = useState<string>();
  const send = useMutation({
    mutationFn: (reason: string | undefined) => offersApi.step(offer.id, step, reason),
    onSuccess: (changed) => {
      queryClient.setQueryData(offerKeys.offer(offer.id), changed);
      void queryClient.invalidateQueries({ queryKey: offerKeys.all });
      onDone(DONE[step]);
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const reason = formText(new FormData(event.currentTarget), 'reason').trim();
    const checked = offerStepSchema.safeParse({ reason });
    if ((spec.reason.required && reason.length < 3) || !checked.success) {
      setError('Give the reason in 3 to 500 characters.');
      event.currentTarget.querySelector<HTMLElement>('[name="reason"]')?.focus();
      return;
    }
    setError(undefined);
    send.mutate(reason || undefined);
  };
  return (
    <Dialog title={spec.title(offer)} onClose={onClose}>
      <p className="dialog__lead">{spec.lead(offer)}</p>
      <form className="stack stack--tight" onSubmit={submit} noValidate aria-label={spec.title(offer)}>
        <TextAreaField
          label={spec.reason.label}
          hint={spec.reason.hint}
          name="reason"
          maxLength={500}
          required={spec.reason.required}
          error={error}
        />
        {send.error && <Notice tone="error">{messageOf(send.error)}</Notice>}
        <div className="dialog__actions">
          <button type="button" className="button button--quiet" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className={`button ${spec.danger ? 'button--danger' : 'button--primary'}`}
            disabled={send.isPending}
          >
            {send.isPending ? 'Sending…' : spec.submit}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * The steps this person may take on the offer now (its lifecycle and their role's actions): Edit and Send for
 * approval for a draft; Approve or Reject one waiting; Pause, Resume and End one approved; and a new version
 * of one approved. A step that changes what members see is confirmed in a dialog first.
 */
export function OfferActions({
  offer,
  onDone,
}: {
  offer: StaffOfferDetails;
  onDone: (message: string) => void;
}) {
  const session = useStaffSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<ConfirmedStep>();
  const direct = useMutation({
    mutationFn: (step: 'submit' | 'new-version') => offersApi.step(offer.id, step),
    onSuccess: (changed, step) => {
      queryClient.setQueryData(offerKeys.offer(changed.id), changed);
      void queryClient.invalidateQueries({ queryKey: offerKeys.all });
      if (step === 'new-version') {
        void navigate(`/offers/${changed.id}/edit`);
      } else {
        onDone(DONE[step]);
      }
    },
  });
  const mayEdit = session.may('editOffers');
  // Nobody approves or rejects an offer they wrote or sent (the server refuses it too).
  const own = [offer.createdById, offer.submittedById].includes(session.data?.id ?? null);
  const mayApprove = session.may('approveOffers') && !own;
  const { lifecycle } = offer;
  const running = lifecycle === 'scheduled' || lifecycle === 'live' || lifecycle === 'paused';
  const confirm = (step: ConfirmedStep, kind: 'primary' | 'secondary' | 'quiet' = 'secondary') => (
    <button key={step} type="button" className={`button button--${kind}`} onClick={() => setOpen(step)}>
      {STEPS[step].button}
    </button>
  );

  const buttons = [
    lifecycle === 'draft' && mayEdit && (
      <button
        key="submit"
        type="button"
        className="button button--primary"
        disabled={direct.isPending}
        onClick={() => direct.mutate('submit')}
      >
        Send for approval
      </button>
    ),
    lifecycle === 'draft' && mayEdit && (
      <Link key="edit" className="button button--secondary" to={`/offers/${offer.id}/edit`}>
        Edit
      </Link>
    ),
    lifecycle === 'awaiting-approval' && mayApprove && confirm('approve', 'primary'),
    lifecycle === 'awaiting-approval' && mayApprove && confirm('reject'),
    (lifecycle === 'scheduled' || lifecycle === 'live') && mayEdit && confirm('pause'),
    lifecycle === 'paused' && mayEdit && confirm('resume', 'primary'),
    running && mayEdit && confirm('end', 'quiet'),
    lifecycle !== 'draft' && lifecycle !== 'awaiting-approval' && mayEdit && (
      <button
        key="new-version"
        type="button"
        className="button button--quiet"
        disabled={direct.isPending}
        onClick={() => direct.mutate('new-version')}
      >
        Make a new version
      </button>
    ),
  ].filter(Boolean);

  return (
    <div className="offer-actions">
      {buttons.length > 0 && <div className="offer-actions__buttons">{buttons}</div>}
      <p className="offer-actions__note">{NEXT[lifecycle]}</p>
      {direct.error && <Notice tone="error">{messageOf(direct.error)}</Notice>}
      {open && (
        <StepDialog
          offer={offer}
          step={open}
          onClose={() => setOpen(undefined)}
          onDone={(message) => {
            setOpen(undefined);
            onDone(message);
          }}
        />
      )}
    </div>
  );
}
