import { useId } from 'react';
import { formatNaira, NETWORK_LABELS, type DataBundle, type Network } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

type BundlePickerProps = {
  network: Network | null;
  bundles: DataBundle[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  /** The chosen bundle's id, '' when none. */
  value: string;
  onChoose: (bundle: DataBundle) => void;
  error?: string;
};

const optionClass =
  'flex h-full min-h-16 cursor-pointer flex-col justify-center gap-0.5 rounded-lg border border-slate-300 bg-white px-3 py-2 text-left has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:ring-1 has-[:checked]:ring-brand-600 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600';

/** The network's bundles as radio cards (size and validity, price); arrow keys move between them. */
export function BundlePicker({
  network,
  bundles,
  isLoading,
  isError,
  onRetry,
  value,
  onChoose,
  error,
}: BundlePickerProps) {
  const id = useId();
  const messageId = `${id}-message`;

  let body;
  if (!network) {
    body = <p className="text-sm text-slate-600">Choose a network to see its bundles.</p>;
  } else if (isLoading && !bundles) {
    body = (
      <div className="grid grid-cols-2 gap-2" role="status" aria-label="Loading bundles">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} className="h-16" />
        ))}
      </div>
    );
  } else if (isError && !bundles) {
    body = (
      <div
        role="alert"
        className="flex items-center justify-between gap-3 rounded-xl bg-red-50 p-3 text-sm text-red-800"
      >
        The bundles could not be loaded.
        <Button size="sm" variant="outline" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  } else if (!bundles || bundles.length === 0) {
    body = <p className="text-sm text-slate-600">No {NETWORK_LABELS[network]} bundles are on sale right now.</p>;
  } else {
    body = (
      <div className="grid grid-cols-2 gap-2">
        {bundles.map((bundle) => (
          <label key={bundle.id} className={optionClass}>
            <input
              type="radio"
              name={`${id}-bundle`}
              value={bundle.id}
              checked={value === String(bundle.id)}
              onChange={() => onChoose(bundle)}
              className="sr-only"
            />
            <span className="text-sm font-semibold text-slate-900">{bundle.name}</span>
            <span className="text-sm text-brand-800">{formatNaira(bundle.price)}</span>
          </label>
        ))}
      </div>
    );
  }

  return (
    <fieldset aria-describedby={error ? messageId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">Bundle</legend>
      {body}
      {error && (
        <p id={messageId} className={cn('mt-1.5 text-sm text-red-700')}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
