import { createColumnHelper } from '@tanstack/react-table';
import type { OfferPerformance } from '@app/contracts/staff-offers';
import { formatPoints } from '../../shared/format.ts';
import { DataTable } from '../../shared/ui/data-table.tsx';
import { BudgetMeter } from './budget-meter.tsx';
import { formatPounds } from './offer-words.tsx';
import { PerformanceChart } from './performance-chart.tsx';

type Day = OfferPerformance['byDay'][number];
const column = createColumnHelper<Day>();
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const dayColumns = [
  column.display({
    id: 'day',
    header: 'Day',
    cell: ({ row }) => dayFormat.format(new Date(`${row.original.day.slice(0, 10)}T00:00:00Z`)),
  }),
  column.display({
    id: 'payouts',
    header: 'Payouts',
    meta: { numeric: true },
    cell: ({ row }) => formatPoints(row.original.payouts),
  }),
  column.display({
    id: 'points',
    header: 'Points',
    meta: { numeric: true },
    cell: ({ row }) => formatPoints(row.original.points),
  }),
  column.display({
    id: 'cost',
    header: 'Cost',
    meta: { numeric: true },
    cell: ({ row }) => formatPounds(row.original.costPence),
  }),
];

/**
 * What an offer (or a campaign's offers) did: members reached, loaded and paid, payouts, points issued
 * against the budget as a meter, their cost, and the points by day as a chart and, with the same figures, a
 * table.
 */
export function PerformanceFigures({
  performance,
  budgetLabel,
  csvHref,
  updatedAt,
}: {
  performance: OfferPerformance;
  budgetLabel: string;
  csvHref: string;
  /** When the figures were last read (they are read again every 30 seconds). */
  updatedAt?: number | undefined;
}) {
  const figures = [
    ['Reached', formatPoints(performance.reached), 'members the offer was given to'],
    ['Loaded', formatPoints(performance.loaded), 'members who loaded or opted in'],
    ['Paid', formatPoints(performance.paidMembers), 'members paid at least once'],
    ['Payouts', formatPoints(performance.payouts), 'times a till paid it'],
    ['Points issued', formatPoints(performance.pointsIssued), 'less points taken back by returns'],
    ['Cost', formatPounds(performance.costPence), 'the points issued, when spent'],
  ] as const;
  return (
    <div className="performance stack">
      <dl className="figures">
        {figures.map(([label, value, note]) => (
          <div key={label} className="figure">
            <dt className="figure__label">{label}</dt>
            <dd className="figure__value">{value}</dd>
            <dd className="figure__note">{note}</dd>
          </div>
        ))}
      </dl>
      <div className="performance__budget">
        <h3 className="performance__subheading">Points issued against the budget</h3>
        <BudgetMeter
          issued={performance.pointsIssued}
          budget={performance.budgetPoints}
          label={budgetLabel}
          size="large"
        />
        {updatedAt !== undefined && (
          <p className="field__hint">
            Read at {new Date(updatedAt).toLocaleTimeString('en-GB', { timeZone: 'Europe/London' })}, and
            again every 30 seconds.
          </p>
        )}
      </div>
      <div className="performance__days">
        <div className="performance__days-heading">
          <h3 className="performance__subheading">Points by day</h3>
          <a className="button button--secondary button--small" href={csvHref} download>
            Download CSV
          </a>
        </div>
        {performance.byDay.length === 0 ? (
          <p className="table-empty">Nothing is paid out yet.</p>
        ) : (
          <div className="performance__grid">
            <PerformanceChart byDay={performance.byDay} />
            <div className="scroll-box">
              <DataTable
                caption="Payouts, points and cost by day"
                columns={dayColumns}
                data={performance.byDay}
                rowKey={(day) => day.day}
                empty=""
              />
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
