import { useState } from 'react';
import { hasAtMostTwoDecimals, type DataBundle } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/text-input';

/** The price as typed, checked the way the API checks it: a positive naira amount, kobo at most. */
export function parsePrice(text: string): { price: number } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { error: 'Enter a price.' };
  const price = Number(trimmed);
  if (!Number.isFinite(price) || price <= 0) return { error: 'The price must be more than 0.' };
  if (!hasAtMostTwoDecimals(price)) return { error: 'Use at most two decimal places.' };
  return { price };
}

type BundlePriceFormProps = {
  bundle: DataBundle;
  saving: boolean;
  onSave: (price: number) => void;
};

/**
 * Inline price edit: Save (or Enter) sends the new price; the button only works once the price has
 * changed. The parent remounts it with the saved price, which clears the edit.
 */
export function BundlePriceForm({ bundle, saving, onSave }: BundlePriceFormProps) {
  const [text, setText] = useState(String(bundle.price));
  const [error, setError] = useState<string>();
  const parsed = parsePrice(text);
  const changed = 'price' in parsed ? parsed.price !== bundle.price : text.trim() !== String(bundle.price);

  return (
    <form
      className="flex items-start gap-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if ('error' in parsed) {
          setError(parsed.error);
          return;
        }
        if (parsed.price !== bundle.price) onSave(parsed.price);
      }}
    >
      <TextInput
        label="Price (₦)"
        aria-label={`Price (₦), ${bundle.name}`}
        variant="settings"
        inputMode="decimal"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setError(undefined);
        }}
        error={error}
        containerClassName="w-32"
        className="tabular-nums"
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
