import { Link, useParams } from 'react-router';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useVoucher } from './api/get-voucher.ts';
import { useVoucherByTransaction } from './api/get-voucher-by-transaction.ts';
import { VoucherCard } from './voucher-card.tsx';
import './vouchers.css';
import { Alert } from '../../shared/ui/alert.tsx';

function VoucherView({ query }: { query: ReturnType<typeof useVoucher> }) {
  return query.isPending ? (
    <Spinner label="Loading your voucher" />
  ) : query.isError ? (
    <Alert>{query.error.message}</Alert>
  ) : (
    <VoucherCard voucher={query.data} />
  );
}

/** /voucher/:voucherId: one voucher. */
export function VoucherPage() {
  const { voucherId = '' } = useParams();
  const voucher = useVoucher(voucherId);
  return (
    <main id="main" className="vouchers-page">
      <h1>Voucher</h1>
      <VoucherView query={voucher} />
      <p>
        <Link to="/vouchers">All your vouchers</Link>
      </p>
    </main>
  );
}

/** /voucher-details/:transactionID: the voucher a spend in the activity bought. */
export function VoucherDetailsPage() {
  const { transactionID = '' } = useParams();
  const voucher = useVoucherByTransaction(transactionID);
  return (
    <main id="main" className="vouchers-page">
      <h1>Voucher details</h1>
      <VoucherView query={voucher} />
      <p>
        <Link to="/card/activity">Back to your activity</Link>
      </p>
    </main>
  );
}
