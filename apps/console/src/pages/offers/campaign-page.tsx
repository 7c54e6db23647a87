import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { messageOf } from '../../shared/api.ts';
import { campaignPerformanceCsv, offerKeys, offersApi } from '../../shared/offers-api.ts';
import { Notice } from '../../shared/ui/notice.tsx';
import { usePageTitle } from '../../shared/ui/page-title.ts';
import { OffersTable } from './offers-table.tsx';
import { PerformanceFigures } from './performance-figures.tsx';
import './offers.css';

/**
 * A campaign's page (docs/staff-console.md "Offers and campaigns"): its offers, and what they did together,
 * read again every 30 seconds, with the chart by day and the CSV.
 */
export function CampaignPage() {
  const { name = '' } = useParams();
  usePageTitle(`Campaign ${name}`);
  const campaign = useQuery({
    queryKey: offerKeys.campaign(name),
    queryFn: () => offersApi.campaign(name),
    refetchInterval: 30_000,
  });
  return (
    <section className="page" aria-labelledby="campaign-heading">
      <p className="back">
        <Link to="/offers">Offers</Link>
      </p>
      <div>
        <p className="step">Campaign</p>
        <h1 id="campaign-heading">{name}</h1>
      </div>
      {campaign.error && <Notice tone="error">{messageOf(campaign.error)}</Notice>}
      {campaign.isPending && (
        <p className="loading" role="status">
          Loading the campaign…
        </p>
      )}
      {campaign.data && (
        <>
          <section className="panel" aria-labelledby="campaign-offers">
            <h2 id="campaign-offers">Its offers</h2>
            <OffersTable
              offers={campaign.data.offers}
              caption={`Offers of the campaign ${name}`}
              empty="No offer belongs to this campaign."
            />
          </section>
          <section className="panel" aria-labelledby="campaign-performance">
            <h2 id="campaign-performance">What its offers did together</h2>
            <PerformanceFigures
              performance={campaign.data.performance}
              budgetLabel={`Points issued of the budgets of the campaign ${name}`}
              csvHref={campaignPerformanceCsv(name)}
              updatedAt={campaign.dataUpdatedAt}
            />
          </section>
        </>
      )}
    </section>
  );
}
