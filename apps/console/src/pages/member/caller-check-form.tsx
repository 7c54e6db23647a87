import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { messageOf } from '../../shared/api.ts';
import { staffApi } from '../../shared/staff-api.ts';
import { Field } from '../../shared/ui/field.tsx';
import { Notice } from '../../shared/ui/notice.tsx';
import { formText } from '../../shared/form-text.ts';

type Way = 'ask' | 'cannot';

/**
 * The careline check before any detail (docs/staff-console.md "The member on one screen"): the caller's date
 * of birth and postcode, or why they could not be asked. A match or a reason opens the member; a mismatch
 * opens nothing and is audited.
 */
export function CallerCheckForm({
  memberId,
  name,
  onPassed,
}: {
  memberId: string;
  name: string | undefined;
  onPassed: () => void;
}) {
  const [way, setWay] = useState<Way>('ask');
  const check = useMutation({
    mutationFn: (said: Parameters<typeof staffApi.checkCaller>[1]) => staffApi.checkCaller(memberId, said),
    onSuccess: (answer) => {
      if (answer.passed) onPassed();
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (field: string) => formText(form, field).trim();
    check.mutate(
      way === 'ask'
        ? { dateOfBirth: value('dateOfBirth'), postcode: value('postcode') }
        : { notCheckedBecause: value('notCheckedBecause') },
    );
  };

  return (
    <section className="panel panel--narrow" aria-labelledby="caller-check-heading">
      <p className="step">Before anything is shown</p>
      <h1 id="caller-check-heading">Check who is calling{name ? ` about ${name}` : ''}</h1>
      <p className="lead">
        Ask the caller for their date of birth and postcode. Their details open once they match, and the check
        is recorded in the audit trail.
      </p>
      {check.data && !check.data.passed && (
        <Notice tone="error" title="That doesn't match our records">
          Nothing of the member is shown. Ask again, or end the call; the attempt is in the audit trail.
        </Notice>
      )}
      {check.error && <Notice tone="error">{messageOf(check.error)}</Notice>}
      <form className="stack" onSubmit={submit} aria-label="Caller check">
        <fieldset className="choice">
          <legend className="field__label">How are you checking?</legend>
          <label className="choice__option">
            <input type="radio" name="way" checked={way === 'ask'} onChange={() => setWay('ask')} />
            The caller's date of birth and postcode
          </label>
          <label className="choice__option">
            <input type="radio" name="way" checked={way === 'cannot'} onChange={() => setWay('cannot')} />
            I couldn't check the caller
          </label>
        </fieldset>
        {way === 'ask' ? (
          <div className="field-row">
            <Field label="Date of birth" name="dateOfBirth" type="date" required className="field--date" />
            <Field
              label="Postcode"
              name="postcode"
              autoComplete="off"
              maxLength={10}
              required
              className="field--short"
            />
          </div>
        ) : (
          <Field
            label="Why you couldn't check"
            hint="For example: a letter from the member, or the member is in a branch with their card."
            name="notCheckedBecause"
            minLength={3}
            maxLength={200}
            required
          />
        )}
        <div>
          <button type="submit" className="button button--primary" disabled={check.isPending}>
            {way === 'ask' ? 'Check the caller' : 'Record why and continue'}
          </button>
        </div>
      </form>
    </section>
  );
}
