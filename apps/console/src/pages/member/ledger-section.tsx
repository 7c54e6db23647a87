import type { FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { MEMBER_VIEW_LIMITS, type StaffMemberView } from '@app/contracts/staff';
import { formatChange } from '../../shared/format.ts';
import { formText } from '../../shared/form-text.ts';
import { Field } from '../../shared/ui/field.tsx';
import { LedgerTable } from './member-tables.tsx';

type Entry = StaffMemberView['ledger'][number];

/** The ledger's filters the address keeps (`?source=…&direction=…&from=…&to=…`), as the form names them. */
const FILTERS = ['source', 'direction', 'from', 'to'] as const;
type Filters = Partial<Record<(typeof FILTERS)[number], string>>;
const DIRECTIONS = { added: 'Added', taken: 'Taken' } as const;

/** The London day of an instant, as a date field writes it (2026-11-20): the day the console shows. */
const londonDay = (() => {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' });
  return (iso: string) => format.format(new Date(iso));
})();

const filtersOf = (params: URLSearchParams): Filters =>
  Object.fromEntries(FILTERS.flatMap((name) => (params.get(name) ? [[name, params.get(name)]] : [])));

/** Whether an entry passes the filters: its source, added or taken, and its London day within from–to. */
function passes(entry: Entry, filters: Filters) {
  if (filters.source && entry.source !== filters.source) return false;
  if (filters.direction === 'added' && entry.amount < 0) return false;
  if (filters.direction === 'taken' && entry.amount > 0) return false;
  const day = londonDay(entry.createdAt);
  if (filters.from && day < filters.from) return false;
  if (filters.to && day > filters.to) return false;
  return true;
}

/** What the rows shown add up to: the points added and the points taken, each when there are some. */
function Totals({ entries }: { entries: Entry[] }) {
  const sum = (sign: number) =>
    entries
      .filter((entry) => Math.sign(entry.amount) === sign)
      .reduce((total, entry) => total + entry.amount, 0);
  const parts = [
    { points: sum(1), label: 'added', className: 'points points--added' },
    { points: sum(-1), label: 'taken', className: 'points points--taken' },
  ].filter(({ points }) => points !== 0);
  return parts.map(({ points, label, className }, index) => (
    <span key={label}>
      {index === 0 ? ': ' : ', '}
      <span className={className}>{formatChange(points)}</span> {label}
    </span>
  ));
}

/**
 * The points ledger with its filters (docs/staff-console.md "The member on one screen"): by where the points
 * came from, added or taken, and London dates, kept in the address like the console's other tables so that
 * back, reload and a shared link show the same rows. It filters the latest entries the member's read holds.
 */
export function LedgerSection({ ledger }: { ledger: Entry[] }) {
  const limit = MEMBER_VIEW_LIMITS.ledger;
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const filters = filtersOf(params);
  const filtered = Object.keys(filters).length > 0;
  const shown = ledger.filter((entry) => passes(entry, filters));
  const sources = [...new Set([...ledger.map((entry) => entry.source), filters.source ?? ''])]
    .filter(Boolean)
    .sort();
  const withFilters = (next: Filters) => {
    const kept = new URLSearchParams(params);
    for (const name of FILTERS) {
      const value = next[name]?.trim();
      if (value) kept.set(name, value);
      else kept.delete(name);
    }
    return kept;
  };
  // The page's own state (the search to go back to) stays with each filter.
  const navigation = { state: location.state as unknown, preventScrollReset: true };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setParams(
      withFilters(Object.fromEntries(FILTERS.map((name) => [name, formText(form, name)]))),
      navigation,
    );
  };

  const atLimit = ledger.length >= limit;
  const entries = (count: number) => `${count} ${count === 1 ? 'entry' : 'entries'}`;
  const summary = filtered
    ? `${shown.length} of ${atLimit ? `the latest ${entries(limit)}` : entries(ledger.length)} ${
        shown.length === 1 ? 'matches' : 'match'
      }`
    : `${atLimit ? `The latest ${entries(limit)}` : entries(ledger.length)}, newest first`;
  return (
    <section className="panel" aria-labelledby="ledger-heading" id="ledger">
      <h2 id="ledger-heading">Points ledger</h2>
      {ledger.length > 0 && (
        <form
          className="filters filters--ledger"
          onSubmit={submit}
          aria-label="Filter the ledger"
          key={params.toString()}
        >
          <div className="field">
            <label className="field__label" htmlFor="ledger-source">
              Where
            </label>
            <select
              id="ledger-source"
              name="source"
              className="field__input"
              defaultValue={filters.source ?? ''}
            >
              <option value="">Any</option>
              {sources.map((source) => (
                <option key={source}>{source}</option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor="ledger-direction">
              Added or taken
            </label>
            <select
              id="ledger-direction"
              name="direction"
              className="field__input"
              defaultValue={filters.direction ?? ''}
            >
              <option value="">Both</option>
              {Object.entries(DIRECTIONS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <Field label="From" name="from" type="date" defaultValue={filters.from ?? ''} />
          <Field label="To" name="to" type="date" defaultValue={filters.to ?? ''} />
          <div className="filters__buttons">
            <button type="submit" className="button button--primary">
              Filter
            </button>
            {filtered && (
              <Link
                className="button button--quiet"
                to={{ search: withFilters({}).toString() }}
                {...navigation}
              >
                Clear
              </Link>
            )}
          </div>
        </form>
      )}
      <p className="results__summary ledger__summary" aria-live="polite">
        {ledger.length > 0 && (
          <>
            {summary}
            <Totals entries={shown} />
            {atLimit ? '. Older entries are not on this screen.' : '.'}
          </>
        )}
      </p>
      <div className="scroll-box">
        <LedgerTable ledger={shown} empty={filtered ? 'No entries match these filters.' : 'No points yet.'} />
      </div>
    </section>
  );
}
