import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { Plus, X } from 'lucide-react';
import type { Location } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextInput } from '@/components/ui/text-input';
import type { ProductFormOutput, ProductFormValues, ProductLocationRow } from '../../api/create-product';

const NEW_ROW: ProductLocationRow = { id: '', product_location_price: '' };

type LocationPricesFieldProps = {
  form: UseFormReturn<ProductFormValues, unknown, ProductFormOutput>;
  /**
   * On update the rows the product had are `locations` and keep their location; rows added here go
   * in `new_locations`. On create every row is in `locations` and picks its location.
   */
  updating: boolean;
  /** Every location an admin can price the product at. */
  locations: Location[];
  /** Names of the locations the product already has, for rows whose location is not in `locations`. */
  savedNames: Map<string, string>;
};

/**
 * The product's price at each location, as one list numbered from 1: the saved rows first, then the
 * added ones, which can be removed again before saving.
 */
export function LocationPricesField({ form, updating, locations, savedNames }: LocationPricesFieldProps) {
  const saved = useFieldArray({ control: form.control, name: 'locations' });
  const added = useFieldArray({ control: form.control, name: 'new_locations' });
  const [savedRows = [], addedRows = []] = useWatch({ control: form.control, name: ['locations', 'new_locations'] });
  const { errors } = form.formState;
  // The rows' values as typed; each field's own `id` is react-hook-form's key for the row.
  const values = [...savedRows, ...addedRows];
  const nameOf = (id: string) =>
    locations.find((location) => String(location.id) === id)?.name ?? savedNames.get(id) ?? `Location ${id}`;
  const rows = [
    ...saved.fields.map((row, index) => ({ row, index, list: 'locations' as const, remove: saved.remove })),
    ...added.fields.map((row, index) => ({ row, index, list: 'new_locations' as const, remove: added.remove })),
  ];
  const listError =
    errors.locations?.message ??
    errors.locations?.root?.message ??
    errors.new_locations?.message ??
    errors.new_locations?.root?.message;

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-800">Locations and prices</legend>
      <p className="text-xs text-slate-600">Prices in naira. Leave a price empty to use the base price there.</p>
      {rows.length === 0 && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Not sold anywhere yet: customers only see a product at the locations listed here.
        </p>
      )}
      <ul className="space-y-3">
        {rows.map(({ row, index, list, remove }, position) => {
          const n = position + 1;
          const rowErrors = errors[list]?.[index];
          const keepsLocation = updating && list === 'locations';
          const chosenElsewhere = new Set(values.filter((_, other) => other !== position).map((other) => other.id));
          const name = keepsLocation ? nameOf(values[position]?.id ?? '') : undefined;
          return (
            <li key={row.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2 rounded-lg bg-slate-50 p-3">
              {keepsLocation ? (
                <div>
                  <span className="mb-1.5 block text-sm font-medium text-slate-800">Location {n}</span>
                  <p className="flex h-12 items-center font-medium text-slate-900">{name}</p>
                </div>
              ) : (
                <SelectField
                  label={`Location ${n}`}
                  placeholder="Choose a location"
                  error={rowErrors?.id?.message}
                  {...form.register(`${list}.${index}.id`)}
                >
                  {locations.map((location) => (
                    <option key={location.id} value={location.id} disabled={chosenElsewhere.has(String(location.id))}>
                      {location.enabled ? location.name : `${location.name} (disabled)`}
                    </option>
                  ))}
                </SelectField>
              )}
              <TextInput
                label={`Price ${n}`}
                variant="settings"
                inputMode="decimal"
                autoComplete="off"
                placeholder="Base price"
                error={rowErrors?.product_location_price?.message}
                {...form.register(`${list}.${index}.product_location_price`)}
              />
              <Button
                variant="ghost"
                size="icon"
                className="mt-7"
                aria-label={`Remove ${name ?? `location ${n}`}`}
                onClick={() => remove(index)}
              >
                <X className="size-5" aria-hidden="true" />
              </Button>
            </li>
          );
        })}
      </ul>
      {listError && (
        <p role="alert" className="text-sm text-red-700">
          {listError}
        </p>
      )}
      <Button
        variant="secondary"
        size="sm"
        onClick={() => (updating ? added : saved).append(NEW_ROW, { shouldFocus: false })}
      >
        <Plus className="size-4" aria-hidden="true" />
        Add location
      </Button>
    </fieldset>
  );
}
