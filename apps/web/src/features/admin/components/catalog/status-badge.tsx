import { cn } from '@/lib/utils';

/** Yes/No for a flag (approved, enabled), in words and colour. */
export function StatusBadge({
  on,
  onLabel = 'Yes',
  offLabel = 'No',
}: {
  on: boolean;
  onLabel?: string;
  offLabel?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold',
        on ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-200 text-slate-700',
      )}
    >
      {on ? onLabel : offLabel}
    </span>
  );
}
