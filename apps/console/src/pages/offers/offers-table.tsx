import { createColumnHelper } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { StaffOffer } from '@app/contracts/staff-offers';
import { formatDate } from '../../shared/format.ts';
import { DataTable } from '../../shared/ui/data-table.tsx';
import { BudgetMeter } from './budget-meter.tsx';
import { CampaignLink, KIND_NAMES, LifecycleBadge } from './offer-words.tsx';

const column = createColumnHelper<StaffOffer>();

/** The columns of a list of offers: the same objects on every render (DataTable draws its cells by them). */
const columns = [
  column.display({
    id: 'title',
    header: 'Offer',
    cell: ({ row }) => (
      <span className="offer-cell">
        <Link className="row-link" to={`/offers/${row.original.id}`}>
          {row.original.title}
        </Link>
        {row.original.version > 1 && (
          <span className="offer-cell__version">Version {row.original.version}</span>
        )}
      </span>
    ),
  }),
  column.display({
    id: 'kind',
    header: 'Kind',
    cell: ({ row }) => <span className="nowrap">{KIND_NAMES[row.original.kind]}</span>,
  }),
  column.display({ id: 'partner', header: 'Partner', cell: ({ row }) => row.original.sponsorDisplayName }),
  column.display({
    id: 'campaign',
    header: 'Campaign',
    cell: ({ row }) => <CampaignLink campaign={row.original.campaign} />,
  }),
  column.display({
    id: 'lifecycle',
    header: 'Lifecycle',
    cell: ({ row }) => <LifecycleBadge lifecycle={row.original.lifecycle} />,
  }),
  column.display({
    id: 'runs',
    header: 'Runs',
    cell: ({ row }) => (
      <span className="nowrap">
        {formatDate(row.original.validFrom)} to {formatDate(row.original.validTo)}
      </span>
    ),
  }),
  column.display({
    id: 'budget',
    header: 'Points issued of budget',
    cell: ({ row }) => (
      <BudgetMeter
        issued={row.original.pointsIssued}
        budget={row.original.budgetPoints}
        label={`Budget of ${row.original.title}`}
      />
    ),
  }),
];

/** The same offers as cards, for a phone's width, where the table's seven columns would scroll sideways. */
function OfferCards({ offers, caption }: { offers: StaffOffer[]; caption: string }) {
  return (
    <ul className="offer-cards" aria-label={caption}>
      {offers.map((offer) => (
        <li key={offer.id} className="offer-card">
          <p className="offer-card__top">
            <LifecycleBadge lifecycle={offer.lifecycle} />
            <span className="offer-card__kind">
              {KIND_NAMES[offer.kind]} · {offer.sponsorDisplayName}
            </span>
          </p>
          <Link className="offer-card__title" to={`/offers/${offer.id}`}>
            {offer.title}
          </Link>
          <p className="offer-card__meta">
            {formatDate(offer.validFrom)} to {formatDate(offer.validTo)}
            {offer.campaign && (
              <>
                {' · '}
                <CampaignLink campaign={offer.campaign} />
              </>
            )}
          </p>
          <BudgetMeter
            issued={offer.pointsIssued}
            budget={offer.budgetPoints}
            label={`Budget of ${offer.title}`}
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * Offers in a table (cards on a phone): each opens its page; its campaign, lifecycle, dates and budget at a
 * glance. Only one of the two shows at a width, so a reader meets the offers once.
 */
export function OffersTable({
  offers,
  caption,
  empty,
}: {
  offers: StaffOffer[];
  caption: string;
  empty: ReactNode;
}) {
  if (offers.length === 0) return <p className="table-empty">{empty}</p>;
  return (
    <>
      <div className="offers-table">
        <DataTable
          caption={caption}
          columns={columns}
          data={offers}
          rowKey={(offer) => offer.id}
          empty={empty}
        />
      </div>
      <OfferCards offers={offers} caption={caption} />
    </>
  );
}
