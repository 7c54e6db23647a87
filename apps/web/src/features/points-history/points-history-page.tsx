import ChartNoAxesCombined from 'lucide-react/icons/chart-no-axes-combined';
import { Link } from 'react-router';
import { brand } from '@app/contracts/brand';
import type { PointsHistory } from '@app/contracts/points-history';
import { POINTS_HISTORY_GROUPS } from '@app/contracts/points-history-paths';
import { Alert } from '../../shared/ui/alert.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Card } from '../../shared/ui/card.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { usePointsHistory } from './api/get-points-history.ts';
import { PointsChart } from './points-chart.tsx';
import {
  GROUP_LABELS,
  balanceSummary,
  earnedIn,
  groupsWith,
  partnerSummary,
  pointsText,
  spentIn,
} from './points-history-figures.ts';
import { PointsTable } from './points-table.tsx';
import './points-history.css';

function Totals({ history }: { history: PointsHistory }) {
  const last = history.months[history.months.length - 1];
  const earned = history.months.reduce((total, month) => total + earnedIn(month), 0);
  const spent = history.months.reduce((total, month) => total + spentIn(month), 0);
  return (
    <dl className="points-history__totals">
      <div>
        <dt>Balance now</dt>
        <dd>{pointsText(last?.balance ?? 0)}</dd>
      </div>
      <div>
        <dt>Earned in 12 months</dt>
        <dd>{pointsText(earned)}</dd>
      </div>
      <div>
        <dt>Spent in 12 months</dt>
        <dd>{pointsText(spent)}</dd>
      </div>
    </dl>
  );
}

function Legend({ history }: { history: PointsHistory }) {
  const shown = new Set([...groupsWith(history, 'earned'), ...groupsWith(history, 'spent')]);
  return (
    <ul className="points-history__legend" aria-hidden="true">
      {POINTS_HISTORY_GROUPS.filter((group) => shown.has(group)).map((group) => (
        <li key={group}>
          <span className={`points-history__swatch points-history__swatch--${group}`} />
          {GROUP_LABELS[group]}
        </li>
      ))}
    </ul>
  );
}

function Charts({ history }: { history: PointsHistory }) {
  return (
    <>
      <Totals history={history} />
      <Card as="section" aria-labelledby="points-balance-heading" className="points-history__panel">
        <h2 id="points-balance-heading">Your balance</h2>
        <figure aria-labelledby="points-balance-summary">
          <PointsChart kind="balance" history={history} />
          <figcaption id="points-balance-summary">{balanceSummary(history)}</figcaption>
        </figure>
      </Card>
      <Card as="section" aria-labelledby="points-partners-heading" className="points-history__panel">
        <h2 id="points-partners-heading">Earned and spent by partner</h2>
        <p className="points-history__hint">
          Above the line, points you earned each month; below it, points you spent. Conversions are points
          moved to or from {brand.airlinePartner} and {brand.hotelPartner}.
        </p>
        <figure aria-labelledby="points-partners-summary">
          <Legend history={history} />
          <PointsChart kind="partners" history={history} />
          <figcaption id="points-partners-summary">{partnerSummary(history)}</figcaption>
        </figure>
      </Card>
      <section aria-labelledby="points-months-heading" className="points-history__months">
        <h2 id="points-months-heading">Month by month</h2>
        <PointsTable history={history} />
      </section>
    </>
  );
}

/**
 * /activity/points: the member's balance over the last 12 months and the points earned and spent each month
 * per partner group, as two charts and a table that holds every figure (ADR 041).
 */
export function PointsHistoryPage() {
  const history = usePointsHistory();
  return (
    <main id="main" className="points-history">
      <h1>Your points over time</h1>
      <p className="points-history__intro">
        Your balance at the end of each month, and where your points came from and went, over the last 12
        months.
      </p>
      {history.isPending ? (
        <Spinner size="large" label="Loading your points history" />
      ) : history.isError ? (
        <Alert title="We couldn't load your points history">
          <p>Please try again in a moment.</p>
          <Button variant="secondary" onClick={() => void history.refetch()} loading={history.isFetching}>
            Try again
          </Button>
        </Alert>
      ) : history.data.entries === 0 && history.data.openingBalance === 0 ? (
        <EmptyState
          icon={ChartNoAxesCombined}
          action={
            <Link className="button button--primary" to="/my-offers">
              See your offers
            </Link>
          }
        >
          No points yet. Scan your card when you shop, and your points will show here month by month.
        </EmptyState>
      ) : (
        <Charts history={history.data} />
      )}
      <p>
        <Link to="/card/activity">Back to your activity</Link>
      </p>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { PointsHistoryPage as Component };
