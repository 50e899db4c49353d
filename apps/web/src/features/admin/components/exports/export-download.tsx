import { useState } from 'react';
import { Download } from 'lucide-react';
import { exportPath, type ExportName } from '@ruwa/contract';
import { lagosDay } from '@ruwa/contract/dates';
import { staffMayUse } from '@ruwa/contract/staff-roles';
import { Button } from '@/components/ui/button';
import { DayRangeFields, dayRangeOutOfOrder } from '@/components/ui/day-range-fields';
import { useSession } from '@/lib/session';
import { cn } from '@/lib/utils';
import { downloadExport, type ExportPeriod } from '../../api/download-export';
import { EXPORT_TEXTS as T } from './export-texts';

/** This Lagos month so far. */
const thisMonth = (today = lagosDay()): ExportPeriod => ({ from: `${today.slice(0, 8)}01`, to: today });

/**
 * A period and a button for each of `names` the signed-in staff role may export (the others would
 * be refused); nothing at all when it may export none of them.
 */
export function ExportDownload({ names, className }: { names: ExportName[]; className?: string }) {
  const role = useSession().user?.staff_role;
  const allowed = names.filter((name) => staffMayUse(role, exportPath(name)));
  const [period, setPeriod] = useState(thisMonth);
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  if (allowed.length === 0) return null;
  const outOfOrder = dayRangeOutOfOrder(period);
  const ready = Boolean(period.from && period.to) && !outOfOrder && !state.busy;

  const download = (name: ExportName) => {
    if (!ready) return;
    setState({ busy: true, error: null });
    downloadExport(name, period).then(
      () => setState({ busy: false, error: null }),
      (error: Error) => setState({ busy: false, error: T.failed(error.message) }),
    );
  };

  return (
    <section
      aria-label={T.heading}
      className={cn('space-y-3 rounded-xl border border-slate-200 bg-white p-4', className)}
    >
      <div>
        <h2 className="text-base font-semibold text-slate-900">{T.heading}</h2>
        <p className="text-sm text-slate-600">{T.intro}</p>
      </div>
      <DayRangeFields period={period} onChange={setPeriod} fromLabel={T.from} toLabel={T.to} className="sm:max-w-md" />
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {allowed.map((name) => (
          <Button
            key={name}
            type="button"
            variant="outline"
            disabled={!ready}
            aria-busy={state.busy || undefined}
            onClick={() => download(name)}
          >
            <Download className="size-4" aria-hidden="true" />
            {T.button[name]}
          </Button>
        ))}
      </div>
      <p aria-live="polite" className={cn('text-sm', state.error ? 'text-red-700' : 'text-slate-600')}>
        {state.busy ? T.preparing : (state.error ?? '')}
      </p>
    </section>
  );
}
