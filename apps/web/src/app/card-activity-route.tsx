import { ActivityFeed } from '../features/activity/activity-feed.tsx';
import { PointsSummary } from '../features/activity/points-summary.tsx';
import { CardPanel } from '../features/card/card-panel.tsx';
import { PointsGoalCard } from '../features/points-goal/points-goal-card.tsx';
import { transactionsQueryOptions } from '../features/activity/api/get-transactions.ts';
import { customerCardQueryOptions } from '../features/card/api/get-customer-card.ts';
import { nectarIdQueryOptions } from '../features/card/api/get-nectar-id.ts';
import { pointsGoalQueryOptions } from '../features/points-goal/api/get-points-goal.ts';
import { balanceQueryOptions } from '../shared/session/get-balance.ts';
import { loadFromPage } from '../shared/query/load-from-page.ts';

/**
 * /card/activity: the digital card with its barcode, the points, and the activity feed
 * (docs/product/signed-in-pages.md §S2.3).
 */
function CardActivityPage() {
  return (
    <main id="main" className="activity-page">
      <h1>Your activity</h1>
      <PointsSummary />
      <CardPanel />
      <PointsGoalCard />
      <ActivityFeed />
    </main>
  );
}

export const Component = CardActivityPage;
// Drawn with its numbers, card and first page of activity when the page came with them (ADR 020, 040).
export const loader = loadFromPage((client) => [
  client.ensureQueryData(balanceQueryOptions()),
  client.ensureQueryData(nectarIdQueryOptions()),
  client.ensureQueryData(customerCardQueryOptions()),
  client.ensureInfiniteQueryData(transactionsQueryOptions()),
  client.ensureQueryData(pointsGoalQueryOptions()),
]);
