import { useEffect } from 'react';
import { offersPaths } from '@app/contracts/offers-paths';
import { OFFER_SEEN_INTERVAL_MS } from '@app/contracts/offers';
import { hasMarketingConsent } from '../../../shared/analytics/consent.ts';
import { request } from '../../../shared/http/client.ts';
import { trackSeenOffers } from '../../../shared/integrations/integrations.ts';

const pending = new Set<string>();
const reported = new Set<string>();
let timer: ReturnType<typeof setInterval> | undefined;

const flush = () => {
  if (pending.size === 0) return;
  const offerIds = [...pending];
  pending.clear();
  offerIds.forEach((id) => reported.add(id));
  // Seen reports are best effort: a lost batch only means an offer is not marked new-to-seen.
  void request<void>(offersPaths.seen, { method: 'POST', body: { offerIds } }).catch(() => undefined);
  // The external offer tracking gets the same batch, only with the member's marketing consent.
  if (hasMarketingConsent()) trackSeenOffers(offerIds);
};

/**
 * Marks an offer as seen once at least half of it has been on screen; seen offers are sent in one batch every
 * 1000 ms (docs/product/calls-and-errors.md §S7.5, docs/product/switches-and-constants.md §S9), to our server
 * and, with marketing consent, to the offer-tracking address.
 */
export function useReportSeen(offerId: string, element: HTMLElement | null) {
  useEffect(() => {
    if (!element || reported.has(offerId) || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          pending.add(offerId);
          observer.disconnect();
        }
      },
      { threshold: 0.5 },
    );
    observer.observe(element);
    timer ??= setInterval(flush, OFFER_SEEN_INTERVAL_MS);
    return () => observer.disconnect();
  }, [offerId, element]);
}
