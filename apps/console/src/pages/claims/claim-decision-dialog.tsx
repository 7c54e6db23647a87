import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { claimPartnerName } from '@app/contracts/missing-points';
import { claimDecisionSchema, type QueuedClaim } from '@app/contracts/staff-careline';
import { ConsoleApiError, messageOf } from '../../shared/api.ts';
import { carelineApi } from '../../shared/careline-api.ts';
import { formText } from '../../shared/form-text.ts';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { Field, TextAreaField } from '../../shared/ui/field.tsx';
import { Notice } from '../../shared/ui/notice.tsx';

/** The query key of the claims queue: a decision reads it again. */
export const CLAIMS_KEY = ['staff-claims'] as const;

export type Verdict = 'grant' | 'refuse';

/** The words of a field that is not right, by the field's name. */
const FIELD_ERRORS: Record<string, string> = {
  points: 'Enter the points as a whole number from 1 to 100,000.',
  note: 'Keep the note to 200 characters.',
  reason: 'Give the reason in 3 to 200 characters.',
};

/**
 * Grant a claim with its points (and a note the member reads), or refuse it with the reason the member reads
 * (docs/staff-console.md "Claims queue"). Checked with the contract's schema before it is sent; a refusal of
 * the server (a role that may not, a claim already decided) stays in the dialog in its words.
 */
export function ClaimDecisionDialog({
  claim,
  verdict,
  onDone,
  onClose,
}: {
  claim: QueuedClaim;
  verdict: Verdict;
  onDone: (message: string) => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: CLAIMS_KEY });
    void queryClient.invalidateQueries({ queryKey: ['member', claim.memberId] });
  };
  const decide = useMutation({
    mutationFn: (decision: Parameters<typeof carelineApi.decideClaim>[1]) =>
      carelineApi.decideClaim(claim.id, decision),
    onSuccess: (answer) => {
      refresh();
      onDone(answer.message);
    },
    onError: (error) => {
      // Decided by someone else meanwhile: the queue shows what is still waiting.
      if (error instanceof ConsoleApiError && error.status === 409) refresh();
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (decide.isPending) return;
    const form = new FormData(event.currentTarget);
    const points = formText(form, 'points').trim();
    const note = formText(form, 'note').trim();
    const parsed = claimDecisionSchema.safeParse(
      verdict === 'grant'
        ? { grant: true, points: points === '' ? Number.NaN : Number(points), ...(note ? { note } : {}) }
        : { grant: false, reason: formText(form, 'reason') },
    );
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0]);
        found[name] ??= FIELD_ERRORS[name] ?? issue.message;
      }
      setErrors(found);
      event.currentTarget.querySelector<HTMLElement>(`[name="${Object.keys(found)[0]}"]`)?.focus();
      return;
    }
    setErrors({});
    decide.mutate(parsed.data);
  };

  const what = `${claimPartnerName(claim.partner)} claim ${claim.reference}`;
  const textArea = (name: 'note' | 'reason', label: string, hint: string, required: boolean) => (
    <TextAreaField label={label} hint={hint} name={name} required={required} error={errors[name]} />
  );
  return (
    <Dialog
      title={`${verdict === 'grant' ? 'Grant' : 'Refuse'} ${claim.memberName}'s ${what}`}
      onClose={onClose}
    >
      <p className="dialog__lead">
        {verdict === 'grant'
          ? 'The points go into the member’s balance at once, and they are told by email.'
          : 'The member is told by email, with your reason.'}
      </p>
      <form
        className="stack stack--tight"
        onSubmit={submit}
        noValidate
        aria-label={`${verdict === 'grant' ? 'Grant' : 'Refuse'} ${what}`}
      >
        {verdict === 'grant' ? (
          <>
            <Field
              label="Points"
              name="points"
              type="number"
              inputMode="numeric"
              min={1}
              max={100_000}
              step={1}
              required
              className="field--short"
              error={errors['points']}
            />
            {textArea('note', 'Note the member sees (optional)', 'Beside the points in their claim.', false)}
          </>
        ) : (
          textArea('reason', 'Reason the member reads', 'Why the claim is refused, in plain words.', true)
        )}
        {decide.error && <Notice tone="error">{messageOf(decide.error)}</Notice>}
        <div className="dialog__actions">
          <button type="button" className="button button--quiet" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={decide.isPending}>
            {decide.isPending ? 'Sending…' : verdict === 'grant' ? 'Grant the points' : 'Refuse the claim'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
