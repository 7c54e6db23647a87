import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { Adjustment } from '@app/contracts/staff';
import { messageOf } from '../shared/api.ts';
import { formatChange } from '../shared/format.ts';
import { staffApi } from '../shared/staff-api.ts';
import { DataTable } from '../shared/ui/data-table.tsx';
import { Notice } from '../shared/ui/notice.tsx';
import { usePageTitle } from '../shared/ui/page-title.ts';
import { changeColumns } from './member/member-tables.tsx';
import { formText } from '../shared/form-text.ts';

const PENDING_KEY = ['pending-adjustments'] as const;

/** Approve or Refuse one waiting change, with the reason the audit trail keeps. */
function DecisionForm({ change, onDecided }: { change: Adjustment; onDecided: (text: string) => void }) {
  const queryClient = useQueryClient();
  const reasonId = useId();
  const decide = useMutation({
    mutationFn: (decision: { approve: boolean; reason: string }) => staffApi.decide(change.id, decision),
    onSuccess: (decided) => {
      const outcome = decided.state === 'applied' ? 'approved and applied' : 'refused';
      onDecided(`${formatChange(decided.points)} points ${outcome}.`);
      void queryClient.invalidateQueries({ queryKey: PENDING_KEY });
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const reason = formText(new FormData(event.currentTarget), 'reason').trim();
    decide.mutate({ approve: submitter?.value !== 'refuse', reason });
  };
  return (
    <form className="decision" onSubmit={submit} aria-label={`Decide ${formatChange(change.points)} points`}>
      <label className="visually-hidden" htmlFor={reasonId}>
        Reason for your decision on {formatChange(change.points)} points
      </label>
      <input
        id={reasonId}
        name="reason"
        className="field__input decision__reason"
        placeholder="Reason"
        maxLength={200}
        required
      />
      <button type="submit" value="approve" className="button button--primary button--small">
        Approve
      </button>
      <button type="submit" value="refuse" className="button button--secondary button--small">
        Refuse
      </button>
      {decide.error && (
        <span className="decision__error" role="alert">
          {messageOf(decide.error)}
        </span>
      )}
    </form>
  );
}

/**
 * Approvals (a supervisor or an admin): the changes of points waiting, oldest first, each with Approve and
 * Refuse and a reason. Only someone above the person who asked can decide; the server says so otherwise.
 */
export function ApprovalsPage() {
  usePageTitle('Approvals');
  const [decided, setDecided] = useState<string>();
  const pending = useQuery({ queryKey: PENDING_KEY, queryFn: staffApi.pendingAdjustments });
  const column = createColumnHelper<Adjustment>();
  const columns = [
    column.display({
      id: 'member',
      header: 'Member',
      cell: ({ row }) => (
        <Link
          to={`/members/${row.original.memberId}`}
          className="mono mono--small"
          aria-label={`Member ${row.original.memberId}`}
        >
          {row.original.memberId.slice(0, 8)}
        </Link>
      ),
    }),
    ...changeColumns,
    column.display({
      id: 'decide',
      header: 'Decision',
      cell: ({ row }) => <DecisionForm change={row.original} onDecided={setDecided} />,
    }),
  ];
  return (
    <section className="page" aria-labelledby="approvals-heading">
      <h1 id="approvals-heading">Approvals</h1>
      <p className="lead">
        Changes of points above their asker's limits, oldest first. Approve or refuse each with a reason.
      </p>
      <div aria-live="polite">{decided && <Notice tone="success">{decided}</Notice>}</div>
      {pending.error && <Notice tone="error">{messageOf(pending.error)}</Notice>}
      {pending.isPending ? (
        <p className="loading" role="status">
          Loading…
        </p>
      ) : (
        <DataTable
          caption="Changes waiting for approval"
          columns={columns}
          data={pending.data ?? []}
          rowKey={(row) => row.id}
          empty="Nothing is waiting for approval."
        />
      )}
    </section>
  );
}
