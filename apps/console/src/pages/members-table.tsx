import { createColumnHelper } from '@tanstack/react-table';
import type { z } from 'zod';
import { Link, useLocation } from 'react-router';
import type { memberSearchResultSchema } from '@app/contracts/staff';
import { formatCardNumber } from '../shared/format.ts';
import { DataTable } from '../shared/ui/data-table.tsx';
import { StatusBadge } from '../shared/ui/status-badge.tsx';

type FoundMember = z.infer<typeof memberSearchResultSchema>['members'][number];

/** A found member's name, opening the member with the name and this search for the way back. */
function MemberLink({ member }: { member: FoundMember }) {
  const { search } = useLocation();
  return (
    <Link className="row-link" to={`/members/${member.id}`} state={{ name: member.name, search }}>
      {member.name || 'No name given'}
    </Link>
  );
}

const column = createColumnHelper<FoundMember>();
const columns = [
  column.display({
    id: 'name',
    header: 'Name',
    cell: ({ row }) => <MemberLink member={row.original} />,
  }),
  column.display({
    id: 'card',
    header: 'Card',
    cell: ({ row }) =>
      row.original.cardNumber ? (
        <span className="mono">{formatCardNumber(row.original.cardNumber)}</span>
      ) : (
        '—'
      ),
  }),
  column.display({ id: 'email', header: 'Email', cell: ({ row }) => row.original.email ?? '—' }),
  column.display({ id: 'postcode', header: 'Postcode', cell: ({ row }) => row.original.postcode ?? '—' }),
  column.display({
    id: 'status',
    header: 'Status',
    cell: ({ row }) => <StatusBadge status={row.original.status} />,
  }),
];

/** The members a search found, masked (docs/staff-console.md "Finding a member"): a name opens the member. */
export function MembersTable({ members }: { members: FoundMember[] }) {
  return (
    <DataTable
      caption="Members found"
      columns={columns}
      data={members}
      rowKey={(member) => member.id}
      empty="No member matches. Try the card number, the email, the mobile, or the postcode and last name."
    />
  );
}
