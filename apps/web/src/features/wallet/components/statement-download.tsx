import { useState, useSyncExternalStore, type MouseEvent } from 'react';
import { Download } from 'lucide-react';
import { lagosDay } from '@ruwa/contract/dates';
import { DayRangeFields } from '@/components/ui/day-range-fields';
import { cn } from '@/lib/utils';
import {
  downloadStatement,
  statementFileName,
  statementUrl,
  type StatementFormat,
  type StatementPeriod,
} from '../api/download-statement';
import { HISTORY_TEXTS as T } from '../utils/history-texts';

/** This Lagos month so far: the first of the month to today. */
export function thisMonth(today = lagosDay()): StatementPeriod {
  return { from: `${today.slice(0, 8)}01`, to: today };
}

const FORMATS: { format: StatementFormat; label: string }[] = [
  { format: 'csv', label: T.downloadCsv },
  { format: 'pdf', label: T.downloadPdf },
];

const LINK_CLASSES =
  'inline-flex h-11 flex-1 items-center justify-center gap-2 rounded-lg border border-brand-600 bg-white px-4 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none';

const noSubscription = () => () => undefined;

/** A period (this month unless chosen) and its statement as CSV or PDF. */
export function StatementDownload() {
  // The API's address is only known in the browser: a screen rendered ahead of time gets no links.
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [period, setPeriod] = useState(thisMonth);
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const missing = !period.from || !period.to;
  const outOfOrder = !missing && period.from > period.to;
  const ready = inBrowser && !missing && !outOfOrder;

  const download = (format: StatementFormat) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (!ready || state === 'busy') return;
    setState('busy');
    downloadStatement(period, format).then(
      () => setState('idle'),
      () => setState('failed'),
    );
  };

  return (
    <section aria-labelledby="wallet-statement-heading" className="space-y-3 rounded-xl border border-slate-200 p-4">
      <div>
        <h2 id="wallet-statement-heading" className="text-lg font-semibold text-slate-900">
          {T.statementHeading}
        </h2>
        <p className="text-sm text-slate-600">{T.statementIntro}</p>
      </div>
      <DayRangeFields period={period} onChange={setPeriod} fromLabel={T.fromLabel} toLabel={T.toLabel} />
      <div className="flex flex-col gap-3 sm:flex-row">
        {FORMATS.map(({ format, label }) =>
          ready ? (
            <a
              key={format}
              href={statementUrl(period, format)}
              download={statementFileName(period, format)}
              onClick={download(format)}
              aria-busy={state === 'busy' || undefined}
              className={LINK_CLASSES}
            >
              <Download className="size-4" aria-hidden="true" />
              {label}
            </a>
          ) : (
            // Nothing to follow while the period is wrong: a disabled button in the link's place.
            <button key={format} type="button" disabled className={cn(LINK_CLASSES, 'cursor-not-allowed opacity-60')}>
              <Download className="size-4" aria-hidden="true" />
              {label}
            </button>
          ),
        )}
      </div>
      <p aria-live="polite" className={cn('text-sm', state === 'failed' ? 'text-red-700' : 'text-slate-600')}>
        {state === 'busy' ? T.downloading : state === 'failed' ? T.downloadFailed : ''}
      </p>
    </section>
  );
}
