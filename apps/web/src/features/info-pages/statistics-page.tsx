import { Link, useParams } from 'react-router';
import { STATISTICS } from '@app/contracts/marketing';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useStatistic } from './api/get-statistic.ts';
import './info-pages.css';
import { Alert } from '../../shared/ui/alert.tsx';
import { wholeNumber } from '../../shared/format/uk-format.ts';

/** /statistics/{x}: scheme-wide figures (points, members, offers), never one member's data. */
export function StatisticsPage() {
  const { x = '' } = useParams();
  const statistic = useStatistic(x);
  return (
    <main id="main" className="page info-page">
      {statistic.isPending ? (
        <Spinner label="Loading the figures" size="large" />
      ) : statistic.isError ? (
        <>
          <h1>Statistics</h1>
          <Alert>{statistic.error.message}</Alert>
        </>
      ) : (
        <>
          <h1>{statistic.data.title}</h1>
          <ul className="info-page__list">
            {statistic.data.figures.map((figure) => (
              <li key={figure.label}>
                <h2>{figure.label}</h2>
                <p className="info-page__figure">{wholeNumber(figure.value)}</p>
              </li>
            ))}
          </ul>
          <p>
            As of{' '}
            {new Date(statistic.data.asOf).toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short' })}
          </p>
        </>
      )}
      <nav aria-label="Statistics">
        {STATISTICS.map((name, index) => (
          <span key={name}>
            {index > 0 ? ' · ' : null}
            <Link to={`/statistics/${name}`}>{name.charAt(0).toUpperCase() + name.slice(1)}</Link>
          </span>
        ))}
      </nav>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { StatisticsPage as Component };
