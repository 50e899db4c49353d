import { Fragment, useState, type ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import { TABLE_EMPTY_MESSAGE, TABLE_LOADING_MESSAGE } from '@/components/ui/data-table';
import { TableScroll } from '@/components/ui/table-scroll';
import { cn } from '@/lib/utils';
import type { AuditEntry } from '@ruwa/contract/replies';
import { formatDateTime } from '../../utils/format-date';
import { AuditChanges } from './audit-changes';
import { auditActionLabel, auditEntityLabel } from './audit-format';

const HEADERS = ['When', 'Who', 'What', 'Record', 'Record id'];

type AuditTableProps = {
  rows: AuditEntry[] | undefined;
  isLoading: boolean;
  firstRowNumber: number;
};

/**
 * The audit entries, each with a button that opens its before/after view in a row under it (the
 * shared DataTable has no expandable rows).
 */
export function AuditTable({ rows, isLoading, firstRowNumber }: AuditTableProps) {
  const [openIds, setOpenIds] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpenIds((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const colSpan = HEADERS.length + 2;

  let body: ReactNode;
  if (isLoading && !rows) body = <StatusRow colSpan={colSpan}>{TABLE_LOADING_MESSAGE}</StatusRow>;
  else if (!rows || rows.length === 0) body = <StatusRow colSpan={colSpan}>{TABLE_EMPTY_MESSAGE}</StatusRow>;
  else
    body = rows.map((entry, index) => {
      const open = openIds.has(entry.id);
      const detailsId = `audit-${entry.id}-changes`;
      return (
        <Fragment key={entry.id}>
          <tr className="border-t border-slate-200">
            <td className="px-4 py-3 text-slate-600 tabular-nums">{firstRowNumber + index}</td>
            <td className="px-4 py-3 whitespace-nowrap">{formatDateTime(entry.created_at)}</td>
            <td className="px-4 py-3">
              <AuditActor entry={entry} />
            </td>
            <td className="px-4 py-3 text-slate-900">{auditActionLabel(entry.action)}</td>
            <td className="px-4 py-3">{auditEntityLabel(entry.entity)}</td>
            <td className="px-4 py-3 tabular-nums">{entry.entity_id ?? '—'}</td>
            <td className="px-4 py-3 text-right">
              <button
                type="button"
                aria-expanded={open}
                aria-controls={open ? detailsId : undefined}
                aria-label={`${open ? 'Hide' : 'Show'} changes: ${auditActionLabel(entry.action)}, ${auditEntityLabel(entry.entity)} ${entry.entity_id ?? ''}`.trim()}
                onClick={() => toggle(entry.id)}
                className="inline-flex cursor-pointer items-center gap-1 rounded-lg px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                Changes
                <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
              </button>
            </td>
          </tr>
          {open && (
            <tr id={detailsId} className="bg-slate-50">
              <td colSpan={colSpan} className="px-4 py-3">
                <AuditChanges before={entry.before} after={entry.after} />
              </td>
            </tr>
          )}
        </Fragment>
      );
    });

  return (
    <TableScroll label="Audit log">
      <table className="w-full min-w-[40rem] text-left text-sm" aria-busy={isLoading || undefined}>
        <caption className="sr-only">Audit log</caption>
        <thead className="bg-slate-100 text-xs font-semibold tracking-wide text-slate-700 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">
              #
            </th>
            {HEADERS.map((header) => (
              <th key={header} scope="col" className="px-4 py-3">
                {header}
              </th>
            ))}
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">Details</span>
            </th>
          </tr>
        </thead>
        <tbody>{body}</tbody>
      </table>
    </TableScroll>
  );
}

function AuditActor({ entry }: { entry: AuditEntry }) {
  if (entry.actor_id === null) return <span className="text-slate-600">System</span>;
  if (!entry.actor) return <span className="tabular-nums">Account #{entry.actor_id}</span>;
  return (
    <div className="min-w-0">
      <p className="font-medium text-slate-900">{entry.actor.name}</p>
      <p className="truncate text-xs text-slate-600">{entry.actor.email}</p>
    </div>
  );
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
