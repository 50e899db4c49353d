import { PERIOD_OUT_OF_ORDER } from '@ruwa/contract/dates';
import { TextInput } from '@/components/ui/text-input';
import { cn } from '@/lib/utils';

/** A period of whole days, both ends included, as YYYY-MM-DD ('' while unset). */
export type DayRange = { from: string; to: string };

/** Whether both ends are set and the last comes before the first. */
export const dayRangeOutOfOrder = ({ from, to }: DayRange) => Boolean(from && to && from > to);

/**
 * The first and last day of a period the customer or admin downloads, as the browser's own date
 * pickers, side by side; a period whose end comes before its start says so under the end.
 */
export function DayRangeFields({
  period,
  onChange,
  fromLabel,
  toLabel,
  className,
}: {
  period: DayRange;
  onChange: (period: DayRange) => void;
  fromLabel: string;
  toLabel: string;
  className?: string;
}) {
  return (
    <div className={cn('grid grid-cols-2 gap-3', className)}>
      <TextInput
        variant="settings"
        type="date"
        label={fromLabel}
        required
        value={period.from}
        onChange={(event) => onChange({ ...period, from: event.target.value })}
      />
      <TextInput
        variant="settings"
        type="date"
        label={toLabel}
        required
        value={period.to}
        error={dayRangeOutOfOrder(period) ? PERIOD_OUT_OF_ORDER : undefined}
        onChange={(event) => onChange({ ...period, to: event.target.value })}
      />
    </div>
  );
}
