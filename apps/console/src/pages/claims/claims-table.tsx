import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type SortingState,
} from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { claimPartnerName } from '@app/contracts/missing-points';
import type { QueuedClaim } from '@app/contracts/staff-careline';
import { formatDate, formatDateTime } from '../../shared/format.ts';
import type { Verdict } from './claim-decision-dialog.tsx';

/** Claims on a page of the queue. */
export const CLAIMS_PAGE_SIZE = 20;

/** An amount as the claim gives it (pounds), written as money when it is a number. */
const pounds = (amount: string | null) => {
  if (amount === null) return undefined;
  const value = Number(amount.replace(/^£/, ''));
  return Number.isFinite(value) ? value : undefined;
};
const money = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

const column = createColumnHelper<QueuedClaim>();
const SORTABLE = ['createdAt', 'memberName', 'partner', 'transactionDate', 'amount'] as const;
type SortColumn = (typeof SORTABLE)[number];
const isSortColumn = (id: string | null): id is SortColumn => SORTABLE.some((sortable) => sortable === id);

/** Grant and Refuse, each opening its dialog; the claim's reference completes their names. */
const decisionColumn = (onDecide: (claim: QueuedClaim, verdict: Verdict) => void) =>
  column.display({
    id: 'decide',
    header: 'Decision',
    cell: ({ row }) => {
      const hidden = <span className="visually-hidden"> claim {row.original.reference}</span>;
      return (
        <span className="claims__decide">
          <button
            type="button"
            className="button button--primary button--small"
            onClick={() => onDecide(row.original, 'grant')}
          >
            Grant{hidden}
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => onDecide(row.original, 'refuse')}
          >
            Refuse{hidden}
          </button>
        </span>
      );
    },
  });

/**
 * The queue's columns: the sortable ones by their ids (SORTABLE), then the reference, and the decision when
 * there is `onDecide` (a role that may decide).
 */
const claimColumns = (onDecide?: (claim: QueuedClaim, verdict: Verdict) => void) => [
  column.accessor('createdAt', {
    header: 'Claimed',
    cell: ({ getValue }) => formatDateTime(getValue()),
  }),
  column.accessor('memberName', {
    header: 'Member',
    cell: ({ row }) => (
      <Link
        className="row-link"
        to={`/members/${row.original.memberId}`}
        state={{ name: row.original.memberName }}
      >
        {row.original.memberName || 'No name given'}
      </Link>
    ),
  }),
  column.accessor((claim) => claimPartnerName(claim.partner), { id: 'partner', header: 'Partner' }),
  column.accessor('transactionDate', {
    header: 'Purchased',
    cell: ({ getValue }) => formatDate(getValue()),
  }),
  column.accessor((claim) => pounds(claim.amount) ?? -1, {
    id: 'amount',
    header: 'Spent',
    meta: { numeric: true },
    cell: ({ row }) => {
      const value = pounds(row.original.amount);
      return value === undefined ? (row.original.amount ?? '—') : money.format(value);
    },
  }),
  column.display({
    id: 'reference',
    header: 'Reference',
    cell: ({ row }) => <span className="mono">{row.original.reference}</span>,
  }),
  ...(onDecide ? [decisionColumn(onDecide)] : []),
];

/**
 * The table's sort and page, in the address (`?sort=createdAt&order=asc&page=2`), so that back, reload and a
 * shared link show the same claims: by default the oldest first, as the queue answers them.
 */
function useTableAddress() {
  const [params] = useSearchParams();
  const sortParam = params.get('sort');
  const sort: SortColumn = isSortColumn(sortParam) ? sortParam : 'createdAt';
  const desc = params.get('order') === 'desc';
  const page = Math.max(1, Math.floor(Number(params.get('page') ?? '1')) || 1);
  const href = (next: { sort?: SortColumn; desc?: boolean; page?: number }) => {
    const address = new URLSearchParams(params);
    const nextSort = next.sort ?? sort;
    const nextDesc = next.desc ?? desc;
    if (nextSort === 'createdAt' && !nextDesc) {
      address.delete('sort');
      address.delete('order');
    } else {
      address.set('sort', nextSort);
      address.set('order', nextDesc ? 'desc' : 'asc');
    }
    const nextPage = next.page ?? page;
    if (nextPage > 1) address.set('page', String(nextPage));
    else address.delete('page');
    const search = address.toString();
    return search ? `?${search}` : '?';
  };
  return { sort, desc, page, href };
}

/**
 * The claims waiting (docs/staff-console.md "Claims queue"), a page of 20 at a time: each column header
 * sorts by it (again: the other way), each row opens the member and has Grant and Refuse.
 */
export function ClaimsTable({
  claims,
  onDecide,
}: {
  claims: QueuedClaim[];
  /** Grant and Refuse on each row; without it (a role that may not decide), neither shows. */
  onDecide?: ((claim: QueuedClaim, verdict: Verdict) => void) | undefined;
}) {
  const address = useTableAddress();
  const pages = Math.max(1, Math.ceil(claims.length / CLAIMS_PAGE_SIZE));
  // A page past the end (its last claims decided) shows the last page.
  const page = Math.min(address.page, pages);
  // The table's state from the address, the same objects while it stays the same (the table compares them).
  const sorting: SortingState = useMemo(
    () => [{ id: address.sort, desc: address.desc }],
    [address.sort, address.desc],
  );
  const pagination = useMemo(() => ({ pageIndex: page - 1, pageSize: CLAIMS_PAGE_SIZE }), [page]);
  // The same columns from one render to the next: new ones would draw every cell anew (their renderers are
  // components) and make the table read its rows again.
  const columns = useMemo(() => claimColumns(onDecide), [onDecide]);

  // The console is not built with the React Compiler, which cannot keep TanStack Table's functions: the table
  // is read anew on each render, as the library expects.
  // oxlint-disable-next-line react/incompatible-library
  const table = useReactTable({
    data: claims,
    columns,
    state: { sorting, pagination },
    getRowId: (claim) => claim.id,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    // The page is the address's: never reset by the table when its rows change.
    autoResetPageIndex: false,
  });

  if (claims.length === 0) return <p className="table-empty">No claims are waiting.</p>;
  const first = (page - 1) * CLAIMS_PAGE_SIZE + 1;
  const last = Math.min(page * CLAIMS_PAGE_SIZE, claims.length);
  return (
    <>
      <div className="table-scroll" tabIndex={0} role="group" aria-label="Claims waiting for a decision">
        <table className="data-table">
          <caption className="visually-hidden">Claims waiting for a decision</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const id = header.column.id;
                  const numeric = header.column.columnDef.meta?.numeric ? 'numeric' : undefined;
                  const label = flexRender(header.column.columnDef.header, header.getContext());
                  if (!isSortColumn(id))
                    return (
                      <th key={header.id} scope="col" className={numeric}>
                        {label}
                      </th>
                    );
                  const sorted = address.sort === id;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className={numeric}
                      aria-sort={sorted ? (address.desc ? 'descending' : 'ascending') : undefined}
                    >
                      <Link
                        className="sort-link"
                        to={address.href({ sort: id, desc: sorted ? !address.desc : false, page: 1 })}
                      >
                        {label}
                        <span className="visually-hidden"> (sort by this column)</span>
                        <span className="sort-link__arrow" aria-hidden="true">
                          {sorted ? (address.desc ? '↓' : '↑') : '↕'}
                        </span>
                      </Link>
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className={cell.column.columnDef.meta?.numeric ? 'numeric' : undefined}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav className="pager" aria-label="Pages of claims">
        <p className="pager__where">
          {first === last ? `Claim ${first}` : `Claims ${first} to ${last}`} of {claims.length}
        </p>
        {pages > 1 && (
          <p className="pager__links">
            {page > 1 ? <Link to={address.href({ page: page - 1 })}>Previous page</Link> : null}
            <span>
              Page {page} of {pages}
            </span>
            {page < pages ? <Link to={address.href({ page: page + 1 })}>Next page</Link> : null}
          </p>
        )}
      </nav>
    </>
  );
}
