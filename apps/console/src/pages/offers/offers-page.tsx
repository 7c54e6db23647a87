import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { OFFER_LIFECYCLE_LABELS, OFFER_LIFECYCLES, type OfferLifecycle } from '@app/contracts/staff-offers';
import { messageOf } from '../../shared/api.ts';
import { offerKeys, offersApi } from '../../shared/offers-api.ts';
import { useStaffSession } from '../../shared/session.ts';
import { Notice } from '../../shared/ui/notice.tsx';
import { usePageTitle } from '../../shared/ui/page-title.ts';
import { OffersTable } from './offers-table.tsx';
import './offers.css';

/** What the list says when no offer is in the lifecycle chosen. */
const NONE: Record<OfferLifecycle, string> = {
  draft: 'There are no drafts.',
  'awaiting-approval': 'No offer is waiting for approval.',
  scheduled: 'No offer is scheduled to start.',
  live: 'No offer is live now.',
  paused: 'No offer is paused.',
  ended: 'No offer has ended yet.',
};

/** Offers on a page of the list. */
export const OFFERS_PAGE_SIZE = 25;

const isLifecycle = (value: string | null): value is OfferLifecycle =>
  OFFER_LIFECYCLES.some((lifecycle) => lifecycle === value);

/**
 * The offers (a campaign manager or an admin; docs/staff-console.md "Offers and campaigns"): every offer with
 * its kind, partner, campaign, lifecycle, dates and budget, filtered by lifecycle in the address
 * (`?lifecycle=live`), so back, reload and a shared link show the same offers.
 */
export function OffersPage() {
  usePageTitle('Offers');
  const { may } = useStaffSession();
  const [params] = useSearchParams();
  const chosen = params.get('lifecycle');
  const lifecycle = isLifecycle(chosen) ? chosen : undefined;
  const offers = useQuery({
    queryKey: offerKeys.list({ lifecycle }),
    queryFn: () => offersApi.list({ lifecycle }),
  });
  const all = offers.data?.offers ?? [];
  const pages = Math.max(1, Math.ceil(all.length / OFFERS_PAGE_SIZE));
  // A page past the end (after a filter) shows the last page.
  const page = Math.min(pages, Math.max(1, Math.floor(Number(params.get('page') ?? '1')) || 1));
  const first = (page - 1) * OFFERS_PAGE_SIZE;
  const shown = all.slice(first, first + OFFERS_PAGE_SIZE);
  const pageHref = (to: number) => {
    const address = new URLSearchParams(lifecycle ? { lifecycle } : {});
    if (to > 1) address.set('page', String(to));
    const search = address.toString();
    return search ? `/offers?${search}` : '/offers';
  };

  return (
    <section className="page" aria-labelledby="offers-heading">
      <div className="page__heading">
        <div>
          <h1 id="offers-heading">Offers</h1>
          <p className="lead">
            What members are offered, from draft to ended. A second person approves each offer before it goes
            live.
          </p>
        </div>
        {may('editOffers') && (
          <Link className="button button--primary" to="/offers/new">
            New offer
          </Link>
        )}
      </div>
      <nav className="pills" aria-label="Filter by lifecycle">
        <ul>
          <li>
            <Link to="/offers" aria-current={lifecycle ? undefined : 'page'}>
              All
            </Link>
          </li>
          {OFFER_LIFECYCLES.map((each) => (
            <li key={each}>
              <Link to={`/offers?lifecycle=${each}`} aria-current={lifecycle === each ? 'page' : undefined}>
                {OFFER_LIFECYCLE_LABELS[each]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {offers.error && <Notice tone="error">{messageOf(offers.error)}</Notice>}
      {offers.isPending ? (
        <p className="loading" role="status">
          Loading the offers…
        </p>
      ) : (
        offers.data && (
          <>
            <OffersTable
              offers={shown}
              caption={lifecycle ? `Offers: ${OFFER_LIFECYCLE_LABELS[lifecycle].toLowerCase()}` : 'Offers'}
              empty={
                lifecycle
                  ? NONE[lifecycle]
                  : `There are no offers yet.${may('editOffers') ? ' Make the first with New offer.' : ''}`
              }
            />
            {all.length > 0 && (
              <nav className="pager" aria-label="Pages of offers">
                <p className="pager__where">
                  {all.length === 1
                    ? '1 offer'
                    : `Offers ${first + 1} to ${first + shown.length} of ${all.length}, the newest first`}
                </p>
                {pages > 1 && (
                  <p className="pager__links">
                    {page > 1 && <Link to={pageHref(page - 1)}>Previous page</Link>}
                    <span>
                      Page {page} of {pages}
                    </span>
                    {page < pages && <Link to={pageHref(page + 1)}>Next page</Link>}
                  </p>
                )}
              </nav>
            )}
          </>
        )
      )}
    </section>
  );
}
