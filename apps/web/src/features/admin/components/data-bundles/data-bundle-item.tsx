import type { DataBundle } from '@ruwa/contract';
import { SwitchField } from '@/components/ui/switch-field';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useUpdateDataBundle, type UpdateDataBundleInput } from '../../api/update-data-bundle';
import { BundlePriceForm } from './bundle-price-form';

export const BUNDLE_UPDATED = 'Data bundle has been updated successfully';

/** One bundle: its on/off switch (named by the bundle) and its price. */
export function DataBundleItem({ bundle }: { bundle: DataBundle }) {
  const update = useUpdateDataBundle();

  async function save(changes: Omit<UpdateDataBundleInput, 'id'>) {
    try {
      const { message } = await update.mutateAsync({ id: bundle.id, ...changes });
      notifySuccess(message || BUNDLE_UPDATED);
    } catch (error) {
      notifyError(error instanceof Error ? error.message : String(error));
    }
  }

  const savingPrice = update.isPending && update.variables?.price !== undefined;
  return (
    <li className="grid gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:grid-cols-[1fr_auto] sm:items-end">
      <SwitchField
        label={bundle.name}
        hint={`${bundle.variation_code} · ${bundle.enabled ? 'On sale' : 'Off: customers do not see it'}`}
        checked={bundle.enabled}
        disabled={update.isPending}
        onCheckedChange={(enabled) => void save({ enabled })}
        bare
      />
      <BundlePriceForm
        key={bundle.price}
        bundle={bundle}
        saving={savingPrice}
        onSave={(price) => void save({ price })}
      />
    </li>
  );
}
