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

export const LedgerTable = ({ ledger }: { ledger: Entry[] }) => (
  <DataTable
    caption="Points ledger, newest first"
    columns={ledgerColumns}
    data={ledger}
    rowKey={(row) => row.id}
    empty="No points yet."
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
    cell: ({ row }) => <StatusBadge status={row.original.status} />,
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
