import { createColumnHelper } from '@tanstack/react-table';
import { ADJUSTMENT_REASONS, type StaffMemberView } from '@app/contracts/staff';
import {
  capitalised,
  formatCardNumber,
  formatChange,
  formatDate,
  formatDateTime,
  formatPoints,
} from '../../shared/format.ts';
import { DataTable } from '../../shared/ui/data-table.tsx';
import { Day, Moment, Short } from './cells.tsx';
import { StatusBadge } from '../../shared/ui/status-badge.tsx';

type Card = StaffMemberView['cards'][number];
type Entry = StaffMemberView['ledger'][number];
type Claim = StaffMemberView['claims'][number];
type Change = StaffMemberView['adjustments'][number];

const card = createColumnHelper<Card>();
const cardColumns = [
  card.display({
    id: 'number',
    header: 'Number',
    cell: ({ row }) => <span className="mono">{formatCardNumber(row.original.number)}</span>,
  }),
  card.display({ id: 'kind', header: 'Kind', cell: ({ row }) => row.original.kind }),
  card.display({
    id: 'status',
    header: 'Status',
    cell: ({ row }) => <StatusBadge status={row.original.status} />,
  }),
  card.display({ id: 'issued', header: 'Issued', cell: ({ row }) => formatDate(row.original.issuedAt) }),
];

export const CardsTable = ({ cards }: { cards: Card[] }) => (
  <DataTable
    caption="Cards"
    columns={cardColumns}
    data={cards}
    rowKey={(row) => row.number}
    empty="No cards."
  />
);

const entry = createColumnHelper<Entry>();
const ledgerColumns = [
  entry.display({ id: 'when', header: 'When', cell: ({ row }) => formatDateTime(row.original.createdAt) }),
  entry.display({
    id: 'points',
    header: 'Points',
    meta: { numeric: true },
    cell: ({ row }) => (
      <span className={row.original.amount < 0 ? 'points points--taken' : 'points points--added'}>
        {formatChange(row.original.amount)}
      </span>
    ),
  }),
  entry.display({ id: 'reason', header: 'What happened', cell: ({ row }) => row.original.reason }),
  entry.display({
    id: 'source',
    header: 'Where',
    cell: ({ row }) => <span className="mono mono--small">{row.original.source}</span>,
  }),
];

export const LedgerTable = ({ ledger, empty }: { ledger: Entry[]; empty: string }) => (
  <DataTable
    caption="Points ledger, newest first"
    columns={ledgerColumns}
    data={ledger}
    rowKey={(row) => row.id}
    empty={empty}
  />
);

const claim = createColumnHelper<Claim>();
const claimColumns = [
  claim.display({ id: 'when', header: 'Claimed', cell: ({ row }) => formatDate(row.original.createdAt) }),
  claim.display({ id: 'partner', header: 'Partner', cell: ({ row }) => row.original.partner }),
  claim.display({
    id: 'reference',
    header: 'Reference',
    cell: ({ row }) => <span className="mono">{row.original.reference}</span>,
  }),
  claim.display({
    id: 'status',
    header: 'Status',
    cell: ({ row }) => <StatusBadge status={row.original.status.toLowerCase()} />,
  }),
  claim.display({
    id: 'granted',
    header: 'Points granted',
    meta: { numeric: true },
    cell: ({ row }) => (row.original.pointsGranted === null ? '—' : formatPoints(row.original.pointsGranted)),
  }),
];

export const ClaimsTable = ({ claims }: { claims: Claim[] }) => (
  <DataTable
    caption="Missing-points claims"
    columns={claimColumns}
    data={claims}
    rowKey={(row) => row.id}
    empty="No missing-points claims."
  />
);

const change = createColumnHelper<Change>();
/** Columns of a change of points by staff; `member` adds a link to the member (the approvals page). */
export const changeColumns = [
  change.display({ id: 'when', header: 'Asked', cell: ({ row }) => formatDateTime(row.original.createdAt) }),
  change.display({
    id: 'points',
    header: 'Points',
    meta: { numeric: true },
    cell: ({ row }) => <span className="points">{formatChange(row.original.points)}</span>,
  }),
  change.display({
    id: 'reason',
    header: 'Reason',
    cell: ({ row }) => capitalised(ADJUSTMENT_REASONS[row.original.reason]),
  }),
  change.display({ id: 'note', header: 'Note the member sees', cell: ({ row }) => row.original.note }),
];

const staffChangeColumns = [
  ...changeColumns,
  change.display({
    id: 'state',
    header: 'State',
    cell: ({ row }) => (
      <StatusBadge
        status={row.original.state}
        label={row.original.state === 'pending' ? 'waiting for approval' : row.original.state}
      />
    ),
  }),
];

export const StaffChangesTable = ({ changes }: { changes: Change[] }) => (
  <DataTable
    caption="Changes of points by staff"
    columns={staffChangeColumns}
    data={changes}
    rowKey={(row) => row.id}
    empty="No changes by staff."
  />
);

type Offer = StaffMemberView['offers'][number];
type Voucher = StaffMemberView['vouchers'][number];
type Pending = StaffMemberView['pendingPoints']['entries'][number];
type PartnerLink = StaffMemberView['partnerLinks'][number];
type Transfer = StaffMemberView['transfers'][number];

/** An offer's state in the member's words, and the tone of its badge. */
const OFFER_STATES: Record<string, { label: string; tone: string }> = {
  LOADED: { label: 'loaded', tone: 'active' },
  PINNED: { label: 'pinned', tone: 'active' },
  OPTEDIN: { label: 'opted in', tone: 'active' },
  HIDDEN: { label: 'hidden', tone: 'neutral' },
  UNLOADED: { label: 'not loaded', tone: 'neutral' },
  NOTOPTEDIN: { label: 'not opted in', tone: 'neutral' },
};
const OFFER_SOURCES: Record<string, string> = {
  PIANO: 'Bonus',
  COALITION: 'Partner',
  NECTAR_PRICE: 'Member price',
};

const offer = createColumnHelper<Offer>();
const offerColumns = [
  offer.display({ id: 'title', header: 'Offer', cell: ({ row }) => row.original.title }),
  offer.display({
    id: 'partner',
    header: 'From',
    cell: ({ row }) => (
      <>
        {row.original.partner}
        <span className="mono mono--small">
          {' '}
          · {OFFER_SOURCES[row.original.source] ?? row.original.source}
        </span>
      </>
    ),
  }),
  offer.display({
    id: 'state',
    header: 'State',
    cell: ({ row }) => {
      const state = OFFER_STATES[row.original.state];
      return <StatusBadge status={state?.tone ?? 'neutral'} label={state?.label ?? row.original.state} />;
    },
  }),
  offer.display({
    id: 'used',
    header: 'Used',
    meta: { numeric: true },
    cell: ({ row }) =>
      row.original.timesUsed === 0
        ? '—'
        : `${row.original.timesUsed} time${row.original.timesUsed === 1 ? '' : 's'}`,
  }),
  offer.display({ id: 'ends', header: 'Ends', cell: ({ row }) => <Day iso={row.original.validTo} /> }),
];

export const OffersTable = ({ offers }: { offers: Offer[] }) => (
  <DataTable
    caption="Offers the member loaded, opted into, hid or used"
    columns={offerColumns}
    data={offers}
    rowKey={(row) => row.id}
    empty="No offers loaded or used."
  />
);

const voucher = createColumnHelper<Voucher>();
const voucherColumns = [
  voucher.display({
    id: 'bought',
    header: 'Bought',
    cell: ({ row }) => <Day iso={row.original.createdAt} />,
  }),
  voucher.display({
    id: 'reward',
    header: 'Reward',
    cell: ({ row }) => row.original.reward,
  }),
  voucher.display({
    id: 'points',
    header: 'Points',
    meta: { numeric: true },
    cell: ({ row }) => formatPoints(row.original.points),
  }),
  voucher.display({
    id: 'code',
    header: 'Code',
    cell: ({ row }) => <span className="mono">{row.original.code}</span>,
  }),
  voucher.display({
    id: 'used',
    header: 'Used',
    cell: ({ row }) => (
      <Short text={row.original.used === null ? 'Not said' : row.original.used ? 'Yes' : 'No'} />
    ),
  }),
  voucher.display({
    id: 'expires',
    header: 'Expires',
    cell: ({ row }) =>
      new Date(row.original.expiresAt) < new Date() ? (
        <StatusBadge status="closed" label={`expired ${formatDate(row.original.expiresAt)}`} />
      ) : (
        <Day iso={row.original.expiresAt} />
      ),
  }),
];

export const VouchersTable = ({ vouchers }: { vouchers: Voucher[] }) => (
  <DataTable
    caption="Vouchers, newest first"
    columns={voucherColumns}
    data={vouchers}
    rowKey={(row) => row.id}
    empty="No vouchers."
  />
);

const pending = createColumnHelper<Pending>();
// Its days are dates (2026-11-20): midnight UTC, which is that same day in London.
const pendingColumns = [
  pending.display({ id: 'due', header: 'Due', cell: ({ row }) => <Day iso={row.original.expectedOn} /> }),
  pending.display({ id: 'partner', header: 'Partner', cell: ({ row }) => row.original.partner }),
  pending.display({
    id: 'bought',
    header: 'Bought',
    cell: ({ row }) => <Day iso={row.original.purchasedOn} />,
  }),
  pending.display({
    id: 'reference',
    header: 'Reference',
    cell: ({ row }) => <span className="mono">{row.original.reference}</span>,
  }),
  pending.display({
    id: 'points',
    header: 'Points',
    meta: { numeric: true },
    cell: ({ row }) => <span className="points">{formatPoints(row.original.points)}</span>,
  }),
];

export const PendingPointsTable = ({ entries }: { entries: Pending[] }) => (
  <DataTable
    caption="Points on their way, soonest first"
    columns={pendingColumns}
    data={entries}
    rowKey={(row) => row.id}
    empty="No points on their way."
  />
);

const link = createColumnHelper<PartnerLink>();
const linkColumns = [
  link.display({ id: 'partner', header: 'Partner', cell: ({ row }) => row.original.partner }),
  link.display({
    id: 'number',
    header: 'Membership number',
    cell: ({ row }) => <span className="mono">{row.original.membershipNumber}</span>,
  }),
  link.display({
    id: 'how',
    header: 'How',
    cell: ({ row }) => (row.original.linkType === 'join' ? 'Joined through us' : 'Linked their account'),
  }),
  link.display({ id: 'linked', header: 'Linked', cell: ({ row }) => <Day iso={row.original.linkedAt} /> }),
];

export const PartnerLinksTable = ({ links }: { links: PartnerLink[] }) => (
  <DataTable
    caption="Linked partners"
    columns={linkColumns}
    data={links}
    rowKey={(row) => row.partnerId}
    empty="No partner linked."
  />
);

/** A transfer's status, and the tone of its badge. */
const TRANSFER_STATES: Record<string, { label: string; tone: string }> = {
  SUCCESS: { label: 'done', tone: 'applied' },
  PENDING: { label: 'in progress', tone: 'pending' },
  FAILED: { label: 'failed', tone: 'refused' },
};

const transfer = createColumnHelper<Transfer>();
const transferColumns = [
  transfer.display({
    id: 'when',
    header: 'When',
    cell: ({ row }) => <Moment iso={row.original.createdAt} />,
  }),
  transfer.display({
    id: 'what',
    header: 'Conversion',
    cell: ({ row }) => {
      const { direction, pointsGiven, pointsReceived, partnerPointsName } = row.original;
      const [from, to] =
        direction === 'to-partner' ? ['points', partnerPointsName] : [partnerPointsName, 'points'];
      return `${formatPoints(pointsGiven)} ${from} to ${formatPoints(pointsReceived)} ${to}`;
    },
  }),
  transfer.display({ id: 'partner', header: 'Partner', cell: ({ row }) => row.original.partner }),
  transfer.display({
    id: 'status',
    header: 'Status',
    cell: ({ row }) => {
      const state = TRANSFER_STATES[row.original.status];
      return <StatusBadge status={state?.tone ?? 'neutral'} label={state?.label ?? row.original.status} />;
    },
  }),
];

export const TransfersTable = ({ transfers }: { transfers: Transfer[] }) => (
  <DataTable
    caption="Points transfers, newest first"
    columns={transferColumns}
    data={transfers}
    rowKey={(row) => row.id}
    empty="No points converted."
  />
);
