import { Link, useLocation } from 'react-router';
import { brand } from '@app/contracts/brand';
import { signInPathFor } from '@app/contracts/routes';
import { hasSessionMarker } from '../../shared/session/session-marker.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useCumulativeSavings } from './api/get-cumulative-savings.ts';
import { useMemberPriceTotals } from './api/get-member-price-totals.ts';
import { useSavings } from './api/get-savings.ts';
import { formatDay } from './transaction-item.tsx';
import './activity.css';
import { Alert } from '../../shared/ui/alert.tsx';

const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Member-price savings per month (GET /nectar-prices/totals). */
function SavingsByMonth() {
  const totals = useMemberPriceTotals();
  if (!totals.data || totals.data.byMonth.length === 0) return null;
  return (
    <table className="activity-table">
      <caption>Savings by month</caption>
      <thead>
        <tr>
          <th scope="col">Month</th>
          <th scope="col">Saved</th>
        </tr>
      </thead>
      <tbody>
        {totals.data.byMonth.map((month) => (
          <tr key={month.month}>
            <td>{monthFormat.format(new Date(`${month.month}-01T00:00:00Z`))}</td>
            <td>{month.saving}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * /activity/nectar-savings is public (docs/product/signed-in-pages.md §S2.2): a visitor is told what it shows
 * and asked to log in.
 */
function VisitorSavings() {
  const { pathname } = useLocation();
  return (
    <main id="main" className="activity-page">
      <h1>Your {brand.name} savings</h1>
      <p>
        See how much you have saved with {brand.name} Prices since 1 January 2025, in total and shop by shop.
      </p>
      <p>
        <Link to={signInPathFor(pathname)}>Log in to see your savings</Link>
      </p>
    </main>
  );
}

/** /activity/nectar-savings and /card/activity/nectar-savings: member-price savings, in total and per shop. */
export function SavingsPage() {
  return hasSessionMarker() ? <MemberSavings /> : <VisitorSavings />;
}

function MemberSavings() {
  const total = useCumulativeSavings();
  const savings = useSavings();
  const rows = savings.data?.pages.flatMap((page) => page.savings) ?? [];
  return (
    <main id="main" className="activity-page">
      <h1>Your {brand.name} savings</h1>
      <div className="activity-summary">
        <div>
          {total.data ? (
            <p>
              Saved with {brand.name} Prices since 1 January 2025
              <strong>{total.data.totalSaving}</strong>
              on {total.data.shops} {total.data.shops === 1 ? 'shop' : 'shops'}
            </p>
          ) : total.isError ? (
            <Alert>Your savings aren't available right now.</Alert>
          ) : (
            <Spinner label="Loading your savings" />
          )}
        </div>
      </div>
      <SavingsByMonth />
      <section className="activity" aria-labelledby="savings-heading" aria-busy={savings.isFetching}>
        <h2 id="savings-heading">Savings by shop</h2>
        {savings.isPending ? (
          <Spinner size="large" label="Loading your savings" />
        ) : savings.isError && rows.length === 0 ? (
          <div role="alert" className="activity__error">
            <p>We couldn't load your savings. Please try again.</p>
            <Button variant="secondary" onClick={() => void savings.refetch()}>
              Try again
            </Button>
          </div>
        ) : rows.length === 0 ? (
          <p className="activity__empty">
            No savings yet. Shop at {brand.retailer} with your card to get {brand.name} Prices.{' '}
            <Link to={`/how-to-get-${brand.slug}-prices`}>How to get {brand.name} Prices</Link>
          </p>
        ) : (
          <>
            <ol className="activity__list">
              {rows.map((row) => (
                <li key={row.id} className="activity__item">
                  <div>
                    <p className="activity__description">{row.partnerName}</p>
                    <p className="activity__where">
                      {row.storeName ? `${row.storeName} · ` : ''}
                      <time dateTime={row.date}>{formatDay(row.date)}</time>
                    </p>
                  </div>
                  <p className="activity__points">You saved {row.saving}</p>
                </li>
              ))}
            </ol>
            {savings.hasNextPage ? (
              <Button
                variant="secondary"
                fullWidth
                loading={savings.isFetchingNextPage}
                onClick={() => void savings.fetchNextPage()}
              >
                Show more savings
              </Button>
            ) : null}
          </>
        )}
      </section>
      <p>
        <Link to="/card/activity">Back to your activity</Link>
      </p>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { SavingsPage as Component };
