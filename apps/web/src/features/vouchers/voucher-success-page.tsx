import { Link, useSearchParams } from 'react-router';
import { redemptionMessages } from '@app/contracts/vouchers';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useBalance } from '../../shared/session/get-balance.ts';
import { useVoucher } from './api/get-voucher.ts';
import { VoucherCard } from './voucher-card.tsx';
import './vouchers.css';
import { Alert } from '../../shared/ui/alert.tsx';
import { wholeNumber } from '../../shared/format/uk-format.ts';

/** /voucher/success?voucherId=: 'You've redeemed your points!', the voucher and the new balance. */
export function VoucherSuccessPage() {
  const [params] = useSearchParams();
  const voucherId = params.get('voucherId') ?? '';
  const voucher = useVoucher(voucherId);
  const balance = useBalance();
  return (
    <main id="main" className="vouchers-page">
      <h1>Your voucher is ready</h1>
      <p className="vouchers-page__success" role="status">
        {redemptionMessages.redeemed}
      </p>
      {balance.data ? (
        <p>
          You now have <strong>{wholeNumber(balance.data.balance)}</strong> points.
        </p>
      ) : null}
      {!voucherId ? (
        <p>
          Find your vouchers in <Link to="/vouchers">Your vouchers</Link>.
        </p>
      ) : voucher.isPending ? (
        <Spinner label="Loading your voucher" />
      ) : voucher.isError ? (
        <Alert>{voucher.error.message}</Alert>
      ) : (
        <VoucherCard voucher={voucher.data} />
      )}
      <p>
        <Link to="/vouchers">Your vouchers</Link> · <Link to="/card/activity">Your activity</Link>
      </p>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { VoucherSuccessPage as Component };
