import { useState, type FormEvent } from 'react';
import { Plus, X } from 'lucide-react';
import { GAS_CYLINDER_SIZES_KG, productCylinderInput, type Product } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextInput } from '@/components/ui/text-input';
import { isApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useUpdateProduct } from '../../api/update-product';

export const CYLINDERS_SAVED = 'Cylinder sizes and prices have been saved';

type Row = { key: number; location_id: string; size_kg: string; refill_price: string; new_price: string };
type Field = Exclude<keyof Row, 'key'>;
type RowErrors = Partial<Record<Field, string>>;
const FIELDS: Field[] = ['location_id', 'size_kg', 'refill_price', 'new_price'];
const valuesOf = ({ location_id, size_kg, refill_price, new_price }: Row) => ({
  location_id,
  size_kg,
  refill_price,
  new_price,
});

/** Each row checked with the contract's schema, as the server checks it: its first message per field. */
function rowErrorsOf(rows: Row[]): RowErrors[] {
  return rows.map((row) => {
    const checked = productCylinderInput.safeParse(valuesOf(row));
    const errors: RowErrors = {};
    if (checked.success) return errors;
    for (const issue of checked.error.issues) {
      const field = issue.path[0] as Field;
      if (FIELDS.includes(field)) errors[field] ??= issue.message;
    }
    return errors;
  });
}

/** The server's `cylinders.<row>.<field>` messages, placed on their rows. */
function serverRowErrors(errors: Record<string, string[]>, count: number): RowErrors[] {
  const found: RowErrors[] = Array.from({ length: count }, () => ({}));
  for (const [key, messages] of Object.entries(errors)) {
    const [, at, field] = key.split('.');
    const row = found[Number(at)];
    if (row && FIELDS.includes(field as Field)) row[field as Field] ??= messages[0];
  }
  return found;
}

const hasErrors = (rows: RowErrors[]) => rows.some((row) => Object.keys(row).length > 0);

let nextKey = 0;
function newRow(values: Partial<Row> = {}): Row {
  nextKey += 1;
  return { key: nextKey, location_id: '', size_kg: '12.5', refill_price: '', new_price: '', ...values };
}

/**
 * A gas product's cylinder sizes and prices at each of its locations: any size (the usual ones are
 * suggested), a refill price, and a new-cylinder price where new ones are sold. Saved on its own
 * (products/update { id, cylinders }), so the product form above stays as it is.
 */
export function CylinderPricesForm({ product }: { product: Product }) {
  const [rows, setRows] = useState<Row[]>(() =>
    product.cylinders.map((c) =>
      newRow({
        location_id: String(c.location_id),
        size_kg: String(c.size_kg),
        refill_price: String(c.refill_price),
        new_price: c.new_price === null ? '' : String(c.new_price),
      }),
    ),
  );
  const [error, setError] = useState<string | undefined>();
  const [rowErrors, setRowErrors] = useState<RowErrors[]>([]);
  const update = useUpdateProduct({ onSuccess: () => notifySuccess(CYLINDERS_SAVED, 'Action Successful') });
  const change = (index: number, values: Partial<Row>) =>
    setRows(rows.map((row, at) => (at === index ? { ...row, ...values } : row)));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    const found = rowErrorsOf(rows);
    setRowErrors(found);
    if (hasErrors(found)) return setError('Check the cylinder rows marked below.');
    update.mutate(
      { id: product.id, cylinders: rows.map(valuesOf) },
      {
        onError: (failure) => {
          const message = isApiError(failure)
            ? (Object.values(failure.errors)[0]?.[0] ?? failure.message)
            : 'The cylinder prices could not be saved.';
          if (isApiError(failure)) setRowErrors(serverRowErrors(failure.errors, rows.length));
          setError(message);
          notifyError(message);
        },
      },
    );
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Cylinder sizes"
      className="space-y-4 rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:p-6"
    >
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Cylinder sizes</h2>
        <p className="text-sm text-slate-600">
          Customers pick a size and how many cylinders. Leave the new-cylinder price empty where only refills are sold.
          Without sizes at a location, gas is sold there by the kg at its location price.
        </p>
      </div>
      <datalist id="cylinder-sizes">
        {GAS_CYLINDER_SIZES_KG.map((kg) => (
          <option key={kg} value={kg} />
        ))}
      </datalist>
      <ul className="space-y-3">
        {rows.map((row, index) => {
          const n = index + 1;
          const errors = rowErrors[index] ?? {};
          return (
            <li
              key={row.key}
              className="grid grid-cols-2 items-start gap-2 rounded-lg bg-slate-50 p-3 sm:grid-cols-[1fr_6rem_1fr_1fr_auto]"
            >
              <SelectField
                label={`Cylinder location ${n}`}
                placeholder="Choose a location"
                value={row.location_id}
                error={errors.location_id}
                onChange={(event) => change(index, { location_id: event.target.value })}
              >
                {product.locations.map((location) => (
                  <option key={location.location_id} value={location.location_id}>
                    {location.name}
                  </option>
                ))}
              </SelectField>
              <TextInput
                label={`Size ${n} (kg)`}
                variant="settings"
                inputMode="decimal"
                list="cylinder-sizes"
                value={row.size_kg}
                error={errors.size_kg}
                onChange={(event) => change(index, { size_kg: event.target.value })}
              />
              <TextInput
                label={`Refill price ${n} (₦)`}
                variant="settings"
                inputMode="decimal"
                value={row.refill_price}
                error={errors.refill_price}
                onChange={(event) => change(index, { refill_price: event.target.value })}
              />
              <TextInput
                label={`New cylinder price ${n} (₦)`}
                variant="settings"
                inputMode="decimal"
                placeholder="Refills only"
                value={row.new_price}
                error={errors.new_price}
                onChange={(event) => change(index, { new_price: event.target.value })}
              />
              <Button
                variant="ghost"
                size="icon"
                className="mt-7"
                aria-label={`Remove size ${n}`}
                onClick={() => {
                  setRows(rows.filter((_, at) => at !== index));
                  setRowErrors(rowErrors.filter((_, at) => at !== index));
                }}
              >
                <X className="size-5" aria-hidden="true" />
              </Button>
            </li>
          );
        })}
      </ul>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" size="sm" onClick={() => setRows([...rows, newRow()])}>
          <Plus className="size-4" aria-hidden="true" />
          Add size
        </Button>
        <Button type="submit" size="sm" loading={update.isPending}>
          Save cylinder sizes
        </Button>
      </div>
    </form>
  );
}
