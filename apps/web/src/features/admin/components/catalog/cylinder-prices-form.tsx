import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, X } from 'lucide-react';
import { GAS_CYLINDER_SIZES_KG, type Product } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextInput } from '@/components/ui/text-input';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { rowFieldPaths } from '../../utils/row-field-paths';
import { notifyError, notifySuccess } from '@/lib/notify';
import { cylinderPricesFormSchema, useUpdateProduct } from '../../api/update-product';

export const CYLINDERS_SAVED = 'Cylinder sizes and prices have been saved';

const ROW_FIELDS = ['location_id', 'size_kg', 'refill_price', 'new_price'] as const;
const NEW_ROW = { location_id: '', size_kg: '12.5', refill_price: '', new_price: '' };

/**
 * A gas product's cylinder sizes and prices at each of its locations: any size (the usual ones are
 * suggested), a refill price, and a new-cylinder price where new ones are sold. Saved on its own
 * (products/update { id, cylinders }), so the product form above stays as it is.
 */
export function CylinderPricesForm({ product }: { product: Product }) {
  const form = useForm({
    resolver: zodResolver(cylinderPricesFormSchema),
    defaultValues: {
      cylinders: product.cylinders.map((c) => ({
        location_id: String(c.location_id),
        size_kg: String(c.size_kg),
        refill_price: String(c.refill_price),
        new_price: c.new_price === null ? '' : String(c.new_price),
      })),
    },
  });
  const rows = useFieldArray({ control: form.control, name: 'cylinders' });
  const { errors } = form.formState;
  const update = useUpdateProduct({ onSuccess: () => notifySuccess(CYLINDERS_SAVED, 'Action Successful') });

  const onSubmit = form.handleSubmit(
    (values) => {
      // The server numbers its messages by row as sent: `cylinders.1.refill_price` is row 2's.
      const rowFields = rowFieldPaths('cylinders', values.cylinders.length, ROW_FIELDS);
      update.mutate(
        { id: product.id, cylinders: values.cylinders },
        {
          onError: (failure) => {
            const message = isApiError(failure)
              ? applyServerErrors(failure, form.setError, rowFields)
              : 'The cylinder prices could not be saved.';
            form.setError('root', { type: 'server', message });
            notifyError(message);
          },
        },
      );
    },
    (found) => {
      const message = found.cylinders?.root?.message ?? 'Check the cylinder rows marked below.';
      form.setError('root', { type: 'validation', message });
    },
  );

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
        {rows.fields.map((row, index) => {
          const n = index + 1;
          const rowErrors = errors.cylinders?.[index];
          return (
            <li
              key={row.id}
              className="grid grid-cols-2 items-start gap-2 rounded-lg bg-slate-50 p-3 sm:grid-cols-[1fr_6rem_1fr_1fr_auto]"
            >
              <SelectField
                label={`Cylinder location ${n}`}
                placeholder="Choose a location"
                error={rowErrors?.location_id?.message}
                {...form.register(`cylinders.${index}.location_id`)}
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
                error={rowErrors?.size_kg?.message}
                {...form.register(`cylinders.${index}.size_kg`)}
              />
              <TextInput
                label={`Refill price ${n} (₦)`}
                variant="settings"
                inputMode="decimal"
                error={rowErrors?.refill_price?.message}
                {...form.register(`cylinders.${index}.refill_price`)}
              />
              <TextInput
                label={`New cylinder price ${n} (₦)`}
                variant="settings"
                inputMode="decimal"
                placeholder="Refills only"
                error={rowErrors?.new_price?.message}
                {...form.register(`cylinders.${index}.new_price`)}
              />
              <Button
                variant="ghost"
                size="icon"
                className="mt-7"
                aria-label={`Remove size ${n}`}
                onClick={() => rows.remove(index)}
              >
                <X className="size-5" aria-hidden="true" />
              </Button>
            </li>
          );
        })}
      </ul>
      {errors.root?.message && (
        <p role="alert" className="text-sm text-red-700">
          {errors.root.message}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" size="sm" onClick={() => rows.append(NEW_ROW, { shouldFocus: false })}>
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
