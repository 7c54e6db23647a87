import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { REVEALABLE_FIELDS } from '@app/contracts/staff';
import { messageOf } from '../../shared/api.ts';
import { staffApi } from '../../shared/staff-api.ts';

type Revealable = (typeof REVEALABLE_FIELDS)[number];

/**
 * One masked detail with its Reveal button: a reveal shows the whole value, is audited, and moves the focus
 * to what it showed, so a reader hears it at once.
 */
export function RevealableDetail({
  memberId,
  field,
  label,
  masked,
  mayReveal,
}: {
  memberId: string;
  field: Revealable;
  label: string;
  masked: string | null;
  mayReveal: boolean;
}) {
  const reveal = useMutation({ mutationFn: () => staffApi.reveal(memberId, field) });
  const shown = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (reveal.data) shown.current?.focus();
  }, [reveal.data]);

  return (
    <div className="detail">
      <dt>{label}</dt>
      <dd>
        {reveal.data ? (
          <span className="detail__value detail__value--revealed" ref={shown} tabIndex={-1}>
            {reveal.data.value ?? 'Not given'}
          </span>
        ) : (
          <span className="detail__value">{masked ?? 'Not given'}</span>
        )}
        {masked && mayReveal && !reveal.data && (
          <button
            type="button"
            className="button button--quiet button--small"
            onClick={() => reveal.mutate()}
            disabled={reveal.isPending}
            aria-label={`Reveal ${label.toLowerCase()}`}
          >
            Reveal
          </button>
        )}
        {reveal.error && (
          <span className="detail__error" role="alert">
            {messageOf(reveal.error)}
          </span>
        )}
      </dd>
    </div>
  );
}
