import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type RowData,
} from '@tanstack/react-table';
import { useId, type ReactNode } from 'react';

declare module '@tanstack/react-table' {
  // oxlint-disable-next-line no-unused-vars -- the names must match the library's declaration
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Figures are right-aligned in tabular numerals, so that a column of points reads down. */
    numeric?: boolean;
  }
}

interface DataTableProps<Row> {
  /** What the table lists: its accessible name. */
  caption: string;
  /** Shown above the table as its heading too, or only read out. */
  showCaption?: boolean;
  /** Display columns (`createColumnHelper<Row>().display`): each cell draws its own value. */
  columns: ColumnDef<Row, unknown>[];
  data: Row[];
  /** What an empty table says instead. */
  empty: ReactNode;
  rowKey: (row: Row) => string;
}

/** A compact table of rows (TanStack Table): a caption for its name, column headers for readers. */
export function DataTable<Row>({ caption, showCaption, columns, data, empty, rowKey }: DataTableProps<Row>) {
  // The console is not built with the React Compiler, which cannot keep TanStack Table's functions: the table
  // is read anew on each render, as the library expects.
  // oxlint-disable-next-line react/incompatible-library
  const table = useReactTable({ data, columns, getCoreRowModel: getCoreRowModel(), getRowId: rowKey });
  const captionId = useId();
  if (data.length === 0) return <p className="table-empty">{empty}</p>;
  return (
    // The box scrolls when the table is wider or taller than it: it takes the focus, so a keyboard alone can
    // scroll it, and is named by the table's caption.
    <div className="table-scroll" tabIndex={0} role="group" aria-labelledby={captionId}>
      <table className="data-table">
        <caption id={captionId} className={showCaption ? 'data-table__caption' : 'visually-hidden'}>
          {caption}
        </caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th
                  key={header.id}
                  scope="col"
                  className={header.column.columnDef.meta?.numeric ? 'numeric' : undefined}
                >
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
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
  );
}
