import { useState } from 'react';
import { Link } from 'react-router';
import { isSwitchOn } from '../../shared/switches/switches.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useTransactionHistory } from './api/get-transaction-history.ts';
import { TransactionItem } from './transaction-item.tsx';
import './activity.css';
import { Alert } from '../../shared/ui/alert.tsx';

const LIMIT = 20;

/** /history ('Wallet - Transactions'): the points ledger a page at a time (GET /ledger-api/transaction-history). */
export function HistoryPage() {
  const [offset, setOffset] = useState(0);
  const history = useTransactionHistory(LIMIT, offset);
  const total = history.data?.total ?? 0;
  return (
    <main id="main" className="activity-page">
      <h1>Transactions</h1>
      <section className="activity" aria-busy={history.isFetching} aria-label="Transactions">
        {history.isPending ? (
          <Spinner size="large" label="Loading your transactions" />
        ) : history.isError ? (
          <Alert>We couldn't load your transactions. Please try again later.</Alert>
        ) : history.data.transactions.length === 0 ? (
          <p className="activity__empty">No transactions yet.</p>
        ) : (
          <>
            <p role="status">
              {offset + 1} to {Math.min(offset + LIMIT, total)} of {total}
            </p>
            <ol className="activity__list">
              {history.data.transactions.map((item) => (
                <TransactionItem key={item.id} item={item} receipts={isSwitchOn('digitalReceipts')} />
              ))}
            </ol>
            <div className="activity__tools">
              <Button
                variant="secondary"
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - LIMIT))}
              >
                Newer
              </Button>
              <Button
                variant="secondary"
                disabled={offset + LIMIT >= total}
                onClick={() => setOffset(offset + LIMIT)}
              >
                Older
              </Button>
            </div>
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
export { HistoryPage as Component };
