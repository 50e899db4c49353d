import { Plus, X } from 'lucide-react';
import type { Location } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextInput } from '@/components/ui/text-input';
import type { ProductLocationRow } from '../../api/create-product';

/** A row of the list, with a key that stays with it while rows before it are removed. */
export type PriceRow = ProductLocationRow & { key: number };
export type PriceRowErrors = Partial<Record<'location_id' | 'price', string>>;

let nextKey = 0;
export function newPriceRow(values: Partial<ProductLocationRow> = {}): PriceRow {
  nextKey += 1;
  return { key: nextKey, location_id: '', price: '', existing: false, ...values };
}

type LocationPricesFieldProps = {
  rows: PriceRow[];
  onChange: (rows: PriceRow[]) => void;
  /** By row key. */
  errors: Record<number, PriceRowErrors>;
  /** Every location an admin can price the product at. */
  locations: Location[];
  /** Names of the locations the product already has, for rows whose location is not in `locations`. */
  savedNames: Map<string, string>;
  /** A message about the list as a whole (e.g. from the server). */
  listError?: string;
};

/**
 * The product's price at each location. Rows it already had keep their
 * location (they are sent as `locations`); rows added here pick one (sent as `new_locations` on
 * update) and can be removed again before saving.
 *
 * Plain React state rather than react-hook-form's field arrays: those would grow the form library
 * chunk that the sign-in screen, a customer's first page, also downloads.
 */
export function LocationPricesField({
  rows,
  onChange,
  errors,
  locations,
  savedNames,
  listError,
}: LocationPricesFieldProps) {
  const nameOf = (id: string) =>
    locations.find((location) => String(location.id) === id)?.name ?? savedNames.get(id) ?? `Location ${id}`;
  const update = (index: number, values: Partial<ProductLocationRow>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...values } : row)));

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
        {rows.map((row, index) => {
          const n = index + 1;
          const rowErrors = errors[row.key] ?? {};
          const chosenElsewhere = new Set(rows.filter((_, other) => other !== index).map((other) => other.location_id));
          const name = row.existing ? nameOf(row.location_id) : undefined;
          return (
            <li key={row.key} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2 rounded-lg bg-slate-50 p-3">
              {row.existing ? (
                <div>
                  <span className="mb-1.5 block text-sm font-medium text-slate-800">Location {n}</span>
                  <p className="flex h-12 items-center font-medium text-slate-900">{name}</p>
                </div>
              ) : (
                <SelectField
                  label={`Location ${n}`}
                  placeholder="Choose a location"
                  value={row.location_id}
                  onChange={(event) => update(index, { location_id: event.target.value })}
                  error={rowErrors.location_id}
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
                value={row.price}
                onChange={(event) => update(index, { price: event.target.value })}
                error={rowErrors.price}
              />
              <Button
                variant="ghost"
                size="icon"
                className="mt-7"
                aria-label={`Remove ${name ?? `location ${n}`}`}
                onClick={() => onChange(rows.filter((_, at) => at !== index))}
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
      <Button variant="secondary" size="sm" onClick={() => onChange([...rows, newPriceRow()])}>
        <Plus className="size-4" aria-hidden="true" />
        Add location
      </Button>
    </fieldset>
  );
}
