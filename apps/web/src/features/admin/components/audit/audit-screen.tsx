import { useSearchParams } from 'react-router';
import { Pager } from '@/components/ui/pager';
import { SelectField } from '@/components/ui/select-field';
import { AUDIT_ENTITIES, useAuditLog } from '../../api/get-audit-log';
import { auditEntityLabel } from './audit-format';
import { AuditTable } from './audit-table';
import { ExportDownload } from '../exports/export-download';

function positiveInt(raw: string | null): number | undefined {
  const value = Number(raw);
  return raw && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/** Filters and page in the address (?entity=users&actor_id=1&page=2); a new filter starts at page 1. */
function useAuditParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = positiveInt(searchParams.get('page')) ?? 1;
  const entity = searchParams.get('entity') ?? '';
  const actorId = positiveInt(searchParams.get('actor_id'));
  const update = (changes: Record<string, string | null>, replace = false) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) params.set(key, value);
          else params.delete(key);
        }
        return params;
      },
      { replace },
    );
  return {
    page,
    entity,
    actorId,
    setPage: (next: number) => update({ page: next > 1 ? String(next) : null }),
    setEntity: (next: string) => update({ entity: next || null, page: null }, true),
    clearActor: () => update({ actor_id: null, page: null }, true),
  };
}

/** Who changed what, newest first, with the recorded before/after of each change. */
export function AuditScreen() {
  const { page, entity, actorId, setPage, setEntity, clearActor } = useAuditParams();
  const { data, isPending, isFetching, isPlaceholderData } = useAuditLog({ page, entity, actorId });

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h1 className="text-2xl font-bold text-slate-900">Audit</h1>
        <SelectField
          label="Entity"
          value={entity}
          onChange={(event) => setEntity(event.target.value)}
          containerClassName="sm:w-64"
        >
          <option value="">All entities</option>
          {AUDIT_ENTITIES.map((name) => (
            <option key={name} value={name}>
              {auditEntityLabel(name)}
            </option>
          ))}
        </SelectField>
      </div>
      {actorId !== undefined && (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          Only changes by admin #{actorId}.
          <button type="button" onClick={clearActor} className="cursor-pointer font-semibold text-brand-700 underline">
            Show everyone's
          </button>
        </p>
      )}
      <AuditTable
        rows={data?.data}
        isLoading={isPending || (isFetching && isPlaceholderData)}
        firstRowNumber={data ? (data.current_page - 1) * data.per_page + 1 : 1}
      />
      <Pager page={data} onPageChange={setPage} disabled={isPlaceholderData} label="Audit pages" />
      <ExportDownload names={['audit']} />
    </div>
  );
}
