import { useEffect } from 'react';
import { LIVE_UPDATES_PATH, LIVE_UPDATE_EVENT, liveUpdateSchema } from '@app/contracts/live-updates';
import { balanceQueryKey } from '../shared/session/get-balance.ts';
import { queryClient } from '../shared/query/query-client.ts';
import { useToast } from '../shared/ui/toast.tsx';
import { transactionsQueryKey } from '../features/activity/api/get-transactions.ts';
import { offersQueryKey } from '../features/offers/api/get-offers.ts';

/** What a change of the member's points makes stale: the balance and goal, the activity and the offers. */
const STALE_AFTER_A_CHANGE = [balanceQueryKey, [transactionsQueryKey[0]], [offersQueryKey[0]]] as const;

/**
 * The member's live updates (server-sent events, docs/features.md "Live updates"): while the app is open, a sale
 * at a till, a return or a spend shows within a second, with a short notice ("You collected 230 points at
 * Sainsbury's") and the balance, activity, goal and offers read again. The browser reconnects by itself; a stream
 * refused (the session ended) stays closed. Loaded after the page, for members only (layout.tsx).
 */
export default function LiveUpdates() {
  const { show } = useToast();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(LIVE_UPDATES_PATH);
    const onPoints = (event: MessageEvent<string>) => {
      const update = liveUpdateSchema.safeParse(JSON.parse(event.data));
      if (!update.success) return;
      for (const queryKey of STALE_AFTER_A_CHANGE) void queryClient.invalidateQueries({ queryKey });
      show({ message: update.data.notice, level: 'INFO' });
    };
    source.addEventListener(LIVE_UPDATE_EVENT, onPoints);
    return () => {
      source.removeEventListener(LIVE_UPDATE_EVENT, onPoints);
      source.close();
    };
    // One stream for the app's life: `show` is stable.
  }, [show]);
  return null;
}
