import { Link } from 'react-router';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useBreakdown } from './api/get-breakdown.ts';
import './activity.css';
import { Alert } from '../../shared/ui/alert.tsx';
import { wholeNumber } from '../../shared/format/uk-format.ts';

/**
 * /activity/breakdown: points collected and spent since the activity start date, in all and per partner, each
 * partner on one row.
 */
export function BreakdownPage() {
  const breakdown = useBreakdown();
  return (
    <main id="main" className="activity-page">
      <h1>Activity breakdown</h1>
      {breakdown.isPending ? (
        <Spinner size="large" label="Loading your breakdown" />
      ) : breakdown.isError ? (
        <Alert>We couldn't load your breakdown. Please try again later.</Alert>
      ) : (
        <>
          <div className="activity-summary">
            <div>
              <p>
                Collected since 1 January 2025
                <strong>{wholeNumber(breakdown.data.collected)}</strong>points
              </p>
            </div>
            <div>
              <p>
                Spent<strong>{wholeNumber(breakdown.data.spent)}</strong>points
              </p>
            </div>
          </div>
          {breakdown.data.byPartner.length === 0 ? (
            <p>No activity yet.</p>
          ) : (
            <table className="activity-table">
              <caption className="visually-hidden">Points by partner</caption>
              <thead>
                <tr>
                  <th scope="col">Partner</th>
                  <th scope="col">Collected</th>
                  <th scope="col">Spent</th>
                </tr>
              </thead>
              <tbody>
                {breakdown.data.byPartner.map((row) => (
                  <tr key={row.partnerName}>
                    <th scope="row">{row.partnerName}</th>
                    <td>{wholeNumber(row.collected)}</td>
                    <td>{wholeNumber(row.spent)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
      <p>
        <Link to="/card/activity">Back to your activity</Link>
      </p>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { BreakdownPage as Component };
