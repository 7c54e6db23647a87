import { ActivityFeed } from '../features/activity/activity-feed.tsx';
import { PointsSummary } from '../features/activity/points-summary.tsx';
import { CardPanel } from '../features/card/card-panel.tsx';

/** /card/activity: the digital card with its barcode, the points, and the activity feed (signed-in spec 2.3). */
function CardActivityPage() {
  return (
    <main id="main" className="activity-page">
      <h1>Your activity</h1>
      <PointsSummary />
      <CardPanel />
      <ActivityFeed />
    </main>
  );
}

export const Component = CardActivityPage;
