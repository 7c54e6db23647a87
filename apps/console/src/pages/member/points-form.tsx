import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import {
  ADJUSTMENT_REASONS,
  adjustmentRequestSchema,
  type Adjustment,
  type AdjustmentReason,
} from '@app/contracts/staff';
import { messageOf } from '../../shared/api.ts';
import { capitalised, formatChange } from '../../shared/format.ts';
import { formText } from '../../shared/form-text.ts';
import { staffApi } from '../../shared/staff-api.ts';
import { Field, TextAreaField } from '../../shared/ui/field.tsx';
import { Notice } from '../../shared/ui/notice.tsx';

type Direction = 'add' | 'take';

/** What became of a change: applied at once, or waiting for someone with a higher role. */
function Outcome({ change }: { change: Adjustment }) {
  if (change.state === 'applied')
    return (
      <Notice tone="success" title={`${formatChange(change.points)} points applied`}>
        The member's balance has changed and they have been told by email.
      </Notice>
    );
  return (
    <Notice tone="info" title={`${formatChange(change.points)} points waiting for approval`}>
      This is above what your role may change on its own. A supervisor or an admin decides it in Approvals.
    </Notice>
  );
}

/**
 * Add or take points (docs/staff-console.md "Roles and limits"): the points, a reason from the contract's
 * list and the note the member reads. The form's idempotency key is made once, so a double click or a retry
 * is one change; a new key comes with the next change.
 */
export function PointsForm({ memberId }: { memberId: string }) {
  const queryClient = useQueryClient();
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [direction, setDirection] = useState<Direction>('add');
  const [invalid, setInvalid] = useState<string>();
  const noteId = useId();
  const change = useMutation({
    mutationFn: (request: Parameters<typeof staffApi.adjust>[1]) => staffApi.adjust(memberId, request),
    onSuccess: () => {
      // A new form for the next change: its fields empty again and a key of its own.
      setKey(crypto.randomUUID());
      setDirection('add');
      void queryClient.invalidateQueries({ queryKey: ['member', memberId] });
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    const form = new FormData(event.currentTarget);
    const amount = Number(formText(form, 'points'));
    const parsed = adjustmentRequestSchema.safeParse({
      points: direction === 'take' ? -amount : amount,
      reason: formText(form, 'reason'),
      note: formText(form, 'note'),
      idempotencyKey: key,
    });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message);
      return;
    }
    setInvalid(undefined);
    change.mutate(parsed.data);
  };

  return (
    <section className="panel panel--action" aria-labelledby="points-heading">
      <h2 id="points-heading">Add or take points</h2>
      <div aria-live="polite">{change.data && <Outcome change={change.data} />}</div>
      {change.error && <Notice tone="error">{messageOf(change.error)}</Notice>}
      {invalid && <Notice tone="error">{invalid}</Notice>}
      <form key={key} className="stack stack--tight" onSubmit={submit} aria-label="Add or take points">
        <fieldset className="segmented">
          <legend className="visually-hidden">Add or take</legend>
          {(['add', 'take'] as const).map((option) => (
            <label key={option} className="segmented__option">
              <input
                type="radio"
                name="direction"
                value={option}
                checked={direction === option}
                onChange={() => setDirection(option)}
              />
              <span>{option === 'add' ? 'Add' : 'Take'}</span>
            </label>
          ))}
        </fieldset>
        <Field
          label="Points"
          name="points"
          type="number"
          inputMode="numeric"
          min={1}
          max={1_000_000}
          step={1}
          required
          className="field--short"
        />
        <div className="field">
          <label className="field__label" htmlFor={`${noteId}-reason`}>
            Reason
          </label>
          <select id={`${noteId}-reason`} name="reason" className="field__input" required defaultValue="">
            <option value="" disabled>
              Choose a reason
            </option>
            {(Object.keys(ADJUSTMENT_REASONS) as AdjustmentReason[]).map((reason) => (
              <option key={reason} value={reason}>
                {capitalised(ADJUSTMENT_REASONS[reason])}
              </option>
            ))}
          </select>
        </div>
        <TextAreaField
          label="Note the member sees"
          hint="Beside the change in their activity: “Adjusted by our team: reason”, then this note."
          name="note"
          required
        />
        <button type="submit" className="button button--primary" disabled={change.isPending}>
          {change.isPending ? 'Saving…' : direction === 'add' ? 'Add points' : 'Take points'}
        </button>
      </form>
    </section>
  );
}
