import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { activityMessages } from '@app/contracts/activity';
import { useOffline } from '../../shared/offline/use-connection.ts';
import { usePopups } from '../../shared/popups/popup-manager.tsx';
import { isSwitchOn } from '../../shared/switches/switches.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { transactionsQueryKey, useTransactions } from './api/get-transactions.ts';
import { TransactionItem } from './transaction-item.tsx';
import './activity.css';

/**
 * The activity feed (docs/product/signed-in-pages.md §S2.6, §S4, docs/product/calls-and-errors.md §S7.6): 20
 * at a time, appended while more exist; a refresh starts again from the first page; a banner while the feed
 * is DELAYED; the 48-hour note; the 'Your activity' popup.
 */
export function ActivityFeed() {
  const feed = useTransactions();
  const popups = usePopups();
  const queryClient = useQueryClient();
  const items = feed.data?.pages.flatMap((page) => page.items) ?? [];
  const delayed = feed.data?.pages.some((page) => page.transactionFeedStatus === 'DELAYED') ?? false;
  const receipts = isSwitchOn('digitalReceipts');
  // Offline, the feed is the last copy kept on this device: read-only until the network is back (ADR 030).
  const offline = useOffline();

  return (
    <section className="activity" aria-labelledby="activity-heading" aria-busy={feed.isFetching}>
      <div className="activity__heading">
        <h2 id="activity-heading">Transactions</h2>
        <div className="activity__tools">
          <Button variant="link" onClick={() => popups.toggle('TRANSACTIONS')}>
            About your activity
          </Button>
          <Button
            variant="secondary"
            onClick={() => void queryClient.resetQueries({ queryKey: transactionsQueryKey })}
            disabled={feed.isFetching || offline}
          >
            Refresh
          </Button>
        </div>
      </div>
      <p className="activity__note">{activityMessages.delayNote}</p>
      {delayed ? (
        <p className="activity__banner" role="status">
          {activityMessages.delayed}
        </p>
      ) : null}
      <nav className="activity__more-links" aria-label="More about your points">
        <Link to="/card/spend">Spend your points</Link>
        <Link to="/vouchers">Your vouchers</Link>
        <Link to="/card/activity/nectar-savings">Your savings</Link>
        <Link to="/activity/breakdown">Activity breakdown</Link>
        <Link to="/activity/points">Points over time</Link>
      </nav>
      {feed.isPending ? (
        <Spinner size="large" label="Loading your activity" />
      ) : feed.isError && items.length === 0 ? (
        <div role="alert" className="activity__error">
          <p>{activityMessages.loadFailed}</p>
          <Button variant="secondary" onClick={() => void feed.refetch()}>
            Try again
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="activity__empty">{activityMessages.empty}</p>
      ) : (
        <>
          <ol className="activity__list" aria-label="Transactions">
            {items.map((item) => (
              <TransactionItem key={item.id} item={item} receipts={receipts} />
            ))}
          </ol>
          <p className="visually-hidden" role="status">
            Showing {items.length} transactions
          </p>
          {feed.isFetchNextPageError ? (
            <p role="alert" className="activity__error">
              {activityMessages.loadFailed}
            </p>
          ) : null}
          {feed.hasNextPage ? (
            <Button
              variant="secondary"
              fullWidth
              loading={feed.isFetchingNextPage}
              disabled={offline}
              onClick={() => void feed.fetchNextPage()}
            >
              Show more activity
            </Button>
          ) : (
            <p className="activity__end">That's all your activity since 1 January 2025.</p>
          )}
        </>
      )}
    </section>
  );
}
