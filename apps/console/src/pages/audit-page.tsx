import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import type { FormEvent } from 'react';
import type { z } from 'zod';
import { Link, useSearchParams } from 'react-router';
import { STAFF_AUDIT_ACTIONS, type auditEntrySchema } from '@app/contracts/staff';
import { messageOf } from '../shared/api.ts';
import { formatDateTime } from '../shared/format.ts';
import { useStaffSession } from '../shared/session.ts';
import { staffApi } from '../shared/staff-api.ts';
import { DataTable } from '../shared/ui/data-table.tsx';
import { Field } from '../shared/ui/field.tsx';
import { Notice } from '../shared/ui/notice.tsx';
import { usePageTitle } from '../shared/ui/page-title.ts';
import { formText } from '../shared/form-text.ts';

type Entry = z.infer<typeof auditEntrySchema>;

/** The filters the address keeps, as the page's fields name them. */
const FILTERS = ['memberId', 'staffEmail', 'action', 'from', 'to'] as const;

/** The call's filters from the page's: dates as the start of `from`'s day and the end of `to`'s (London). */
function callFilters(params: URLSearchParams) {
  const call = new URLSearchParams();
  for (const name of FILTERS) {
    const value = params.get(name)?.trim();
    if (!value) continue;
    if (name === 'from') call.set(name, new Date(`${value}T00:00:00`).toISOString());
    else if (name === 'to') call.set(name, new Date(`${value}T23:59:59.999`).toISOString());
    else call.set(name, value);
  }
  return call;
}

/** What an entry recorded after the action, as "name value" pairs: `found 1 · readAs card`. */
const summary = (value: unknown) => {
  if (value === null || value === undefined) return '';
  const text = (part: unknown) =>
    typeof part === 'string' || typeof part === 'number' || typeof part === 'boolean'
      ? String(part)
      : JSON.stringify(part);
  if (typeof value !== 'object') return text(value);
  return Object.entries(value)
    .map(([name, part]) => `${name} ${text(part)}`)
    .join(' · ');
};

const column = createColumnHelper<Entry>();
const columns = [
  column.display({ id: 'at', header: 'When', cell: ({ row }) => formatDateTime(row.original.at) }),
  column.display({ id: 'staff', header: 'Staff', cell: ({ row }) => row.original.staffEmail }),
  column.display({
    id: 'action',
    header: 'Action',
    cell: ({ row }) => <span className="mono mono--small nowrap">{row.original.action}</span>,
  }),
  column.display({
    id: 'member',
    header: 'Member',
    cell: ({ row }) =>
      row.original.memberId ? (
        <Link
          className="mono mono--small"
          to={`?memberId=${row.original.memberId}`}
          aria-label={`Only member ${row.original.memberId}`}
        >
          {row.original.memberId.slice(0, 8)}
        </Link>
      ) : (
        ''
      ),
  }),
  column.display({
    id: 'detail',
    header: 'Detail',
    cell: ({ row }) => (
      <span className="mono mono--small">
        {[row.original.reason, summary(row.original.after)].filter(Boolean).join(' — ')}
      </span>
    ),
  }),
  column.display({ id: 'ip', header: 'From', cell: ({ row }) => row.original.ip ?? '' }),
];

/**
 * The audit trail (a supervisor or an admin): filters by member id, staff email, action and dates, kept in
 * the address; an admin also gets the same rows as CSV.
 */
export function AuditPage() {
  usePageTitle('Audit trail');
  const { may } = useStaffSession();
  const [params, setParams] = useSearchParams();
  const filters = callFilters(params);
  const audit = useQuery({
    queryKey: ['audit', filters.toString()],
    queryFn: () => staffApi.audit(filters),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of FILTERS) {
      const value = formText(form, name).trim();
      if (value) next.set(name, value);
    }
    setParams(next);
  };

  return (
    <section className="page" aria-labelledby="audit-heading">
      <div className="page__heading">
        <h1 id="audit-heading">Audit trail</h1>
        {may('exportAudit') && (
          <a
            className="button button--secondary"
            href={`/staff-api/audit.csv?${filters.toString()}`}
            download
          >
            Export CSV
          </a>
        )}
      </div>
      <form className="filters" onSubmit={submit} aria-label="Filter the audit trail" key={params.toString()}>
        <Field label="Member id" name="memberId" defaultValue={params.get('memberId') ?? ''} />
        <Field label="Staff email" name="staffEmail" defaultValue={params.get('staffEmail') ?? ''} />
        <div className="field">
          <label className="field__label" htmlFor="audit-action">
            Action
          </label>
          <select
            id="audit-action"
            name="action"
            className="field__input"
            defaultValue={params.get('action') ?? ''}
          >
            <option value="">Any</option>
            {STAFF_AUDIT_ACTIONS.map((action) => (
              <option key={action}>{action}</option>
            ))}
          </select>
        </div>
        <Field label="From" name="from" type="date" defaultValue={params.get('from') ?? ''} />
        <Field label="To" name="to" type="date" defaultValue={params.get('to') ?? ''} />
        <button type="submit" className="button button--primary">
          Filter
        </button>
      </form>
      <div aria-live="polite">
        {audit.error && <Notice tone="error">{messageOf(audit.error)}</Notice>}
        {audit.data && (
          <p className="results__summary">
            {audit.data.length} {audit.data.length === 1 ? 'entry' : 'entries'}, newest first
            {audit.data.length === 100 ? ' (the latest 100: narrow the filters to see older ones)' : ''}.
          </p>
        )}
      </div>
      {audit.data && (
        <DataTable
          caption="Audit entries"
          columns={columns}
          data={audit.data}
          rowKey={(row) => String(row.id)}
          empty="No entries match these filters."
        />
      )}
    </section>
  );
}
