import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { DataBundle } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/text-input';
import {
  bundlePriceFormSchema,
  type BundlePriceFormOutput,
  type BundlePriceFormValues,
} from '../../api/update-data-bundle';

type BundlePriceFormProps = {
  bundle: DataBundle;
  saving: boolean;
  onSave: (price: number) => void;
};

/**
 * Inline price edit: Save (or Enter) sends the new price, checked as the API checks it; the button
 * only works once the price has changed. The parent remounts it with the saved price, which clears
 * the edit.
 */
export function BundlePriceForm({ bundle, saving, onSave }: BundlePriceFormProps) {
  const form = useForm<BundlePriceFormValues, unknown, BundlePriceFormOutput>({
    resolver: zodResolver(bundlePriceFormSchema),
    defaultValues: { price: String(bundle.price) },
  });
  const text = form.watch('price');
  const parsed = bundlePriceFormSchema.safeParse({ price: text });
  const changed = parsed.success ? parsed.data.price !== bundle.price : text.trim() !== String(bundle.price);

  const onSubmit = form.handleSubmit(({ price }) => {
    if (price !== bundle.price) onSave(price);
  });

  return (
    <form className="flex items-start gap-2" noValidate onSubmit={onSubmit}>
      <TextInput
        label="Price (₦)"
        aria-label={`Price (₦), ${bundle.name}`}
        variant="settings"
        inputMode="decimal"
        error={form.formState.errors.price?.message}
        containerClassName="w-32"
        className="tabular-nums"
        {...form.register('price')}
      />
      <Button
        type="submit"
        size="field"
        className="mt-[1.875rem]"
        disabled={!changed}
        loading={saving}
        aria-label={`Save price, ${bundle.name}`}
      >
        Save
      </Button>
    </form>
  );
}
