import type { Key, ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { TableScroll } from './table-scroll';

export const TABLE_LOADING_MESSAGE = 'Fetching available data for this table';
export const TABLE_EMPTY_MESSAGE = 'There is no data available for this table';

export type Column<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  className?: string;
};

type DataTableProps<Row> = {
  /** Names the table for assistive technology (visually hidden). */
  caption: string;
  columns: Column<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => Key;
  isLoading?: boolean;
  /** Number shown in the '#' column for the first row (e.g. (page - 1) * perPage + 1). */
  firstRowNumber?: number;
  /** What the '#' column shows instead of the row's position (e.g. an order's own number). */
  rowNumber?: (row: Row) => ReactNode;
  /** Makes rows open something (an edit screen); rows get keyboard access too. */
  onRowClick?: (row: Row) => void;
  className?: string;
};

/** Admin list table with a row number column and the spec's loading and empty messages. */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  isLoading = false,
  firstRowNumber = 1,
  rowNumber,
  onRowClick,
  className,
}: DataTableProps<Row>) {
  const colSpan = columns.length + 1;
  let body: ReactNode;
  if (isLoading && !rows) {
    body = <StatusRow colSpan={colSpan}>{TABLE_LOADING_MESSAGE}</StatusRow>;
  } else if (!rows || rows.length === 0) {
    body = <StatusRow colSpan={colSpan}>{TABLE_EMPTY_MESSAGE}</StatusRow>;
  } else {
    body = rows.map((row, index) => (
      <tr
        key={rowKey(row)}
        className={cn(
          'border-t border-slate-200',
          onRowClick && 'cursor-pointer hover:bg-brand-50 focus-visible:bg-brand-50',
        )}
        tabIndex={onRowClick ? 0 : undefined}
        onClick={
          onRowClick
            ? (event) => {
                // A button or link inside the row (e.g. Delete) does its own thing.
                if (isFromControl(event.target, event.currentTarget)) return;
                onRowClick(row);
              }
            : undefined
        }
        onKeyDown={
          onRowClick
            ? (event) => {
                if (event.target !== event.currentTarget) return;
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  onRowClick(row);
                }
              }
            : undefined
        }
      >
        <td className="px-4 py-3 text-slate-600 tabular-nums">{rowNumber ? rowNumber(row) : firstRowNumber + index}</td>
        {columns.map((column) => (
          <td key={column.header} className={cn('px-4 py-3', column.className)}>
            {column.cell(row)}
          </td>
        ))}
      </tr>
    ));
  }

  return (
    <TableScroll label={caption} className={className}>
      <table className="w-full min-w-[36rem] text-left text-sm" aria-busy={isLoading || undefined}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-100 text-xs font-semibold tracking-wide text-slate-700 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">
              #
            </th>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={cn('px-4 py-3', column.className)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{body}</tbody>
      </table>
    </TableScroll>
  );
}

const CONTROLS = 'a, button, input, select, textarea, label, [role="switch"]';

/**
 * True for a click on a control inside the row, and for one that only bubbled up through React from
 * outside it (e.g. in a dialog the row's Delete button opened, which is rendered elsewhere in the page).
 */
function isFromControl(target: EventTarget, row: Element): boolean {
  if (!(target instanceof Element) || !row.contains(target)) return true;
  const control = target.closest(CONTROLS);
  return control !== null && row.contains(control);
}

function StatusRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-10 text-center text-slate-600">
        {children}
      </td>
    </tr>
  );
}
