import { Link } from 'react-router';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useVouchers } from './api/get-vouchers.ts';
import { VoucherCard } from './voucher-card.tsx';
import './vouchers.css';
import { Alert } from '../../shared/ui/alert.tsx';

/** /vouchers: every voucher the member has, newest first. */
export function VouchersPage() {
  const vouchers = useVouchers();
  return (
    <main id="main" className="vouchers-page">
      <h1>Your vouchers</h1>
      {vouchers.isPending ? (
        <Spinner size="large" label="Loading your vouchers" />
      ) : vouchers.isError ? (
        <Alert>We couldn't load your vouchers. Please try again later.</Alert>
      ) : vouchers.data.vouchers.length === 0 ? (
        <p>
          You have no vouchers yet. <Link to="/redemption">Spend your points</Link> on one.
        </p>
      ) : (
        <ul className="vouchers-page__grid" aria-label="Vouchers">
          {vouchers.data.vouchers.map((voucher) => (
            <li key={voucher.id}>
              <VoucherCard voucher={voucher} />
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/redemption">Spend your points</Link> ·{' '}
        <Link to="/zero-point-redemption">Free rewards</Link>
      </p>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { VouchersPage as Component };
