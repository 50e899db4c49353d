import { useId } from 'react';
import { Switch } from 'radix-ui';
import { cn } from '@/lib/utils';

type SwitchFieldProps = {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** Says what on and off mean, under the label. */
  hint?: string;
  disabled?: boolean;
  /** Without its own border, for a list that draws the lines itself. */
  bare?: boolean;
};

/** An on/off setting with its label; the switch is announced with its state. */
export function SwitchField({ label, checked, onCheckedChange, hint, disabled, bare = false }: SwitchFieldProps) {
  const id = useId();
  return (
    <div
      className={cn('flex items-center justify-between gap-4', !bare && 'rounded-lg border border-slate-300 px-3 py-3')}
    >
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            {hint}
          </p>
        )}
      </div>
      <Switch.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full bg-slate-400 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-brand-600"
      >
        <Switch.Thumb className="block size-5 translate-x-1 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-6 motion-reduce:transition-none" />
      </Switch.Root>
    </div>
  );
}
