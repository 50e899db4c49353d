import { useEffect, useState } from 'react';
import { CATEGORY_KIND_LABELS, ORDER_STATUS_LABELS, ORDER_STATUSES, type CategoryKind } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextInput } from '@/components/ui/text-input';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAllLocations } from '../../api/get-locations';
import type { AdminOrderFilters } from '../../api/orders/admin-order';

export type FilterName = Exclude<keyof AdminOrderFilters, 'page'>;

/** Water and gas are ordered here; airtime and data have their own purchases. */
const ORDER_KINDS: CategoryKind[] = ['sachet_water', 'bottle_water', 'gas'];

type OrdersFiltersProps = {
  filters: AdminOrderFilters;
  onChange: (name: FilterName, value: string) => void;
  onClear: () => void;
};

export function OrdersFilters({ filters, onChange, onClear }: OrdersFiltersProps) {
  const locations = useAllLocations();
  const [search, setSearch] = useState(filters.search ?? '');
  const debouncedSearch = useDebouncedValue(search.trim(), 400);
  const applied = filters.search ?? '';

  // The search box queries once typing pauses.
  useEffect(() => {
    if (debouncedSearch !== applied) onChange('search', debouncedSearch);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new search should query
  }, [debouncedSearch]);

  const active = Object.entries(filters).some(([name, value]) => name !== 'page' && value);
  const select = (name: FilterName) => ({
    value: filters[name] ?? '',
    onChange: (event: { target: { value: string } }) => onChange(name, event.target.value),
  });

  return (
    <form
      role="search"
      aria-label="Filter orders"
      className="grid gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-3"
      onSubmit={(event) => {
        event.preventDefault();
        onChange('search', search.trim());
      }}
    >
      <TextInput
        variant="settings"
        label="Search customer"
        placeholder="E-mail, phone or name"
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <SelectField label="Status" {...select('status')}>
        <option value="">All statuses</option>
        {ORDER_STATUSES.map((status) => (
          <option key={status} value={status}>
            {ORDER_STATUS_LABELS[status]}
          </option>
        ))}
      </SelectField>
      <SelectField label="Kind" {...select('kind')}>
        <option value="">All kinds</option>
        {ORDER_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {CATEGORY_KIND_LABELS[kind]}
          </option>
        ))}
      </SelectField>
      <SelectField label="Location" {...select('location_id')}>
        <option value="">All locations</option>
        {(locations.data ?? []).map((location) => (
          <option key={location.id} value={String(location.id)}>
            {location.name}
          </option>
        ))}
      </SelectField>
      <TextInput variant="settings" label="From" type="date" max={filters.to} {...select('from')} />
      <TextInput variant="settings" label="To" type="date" min={filters.from} {...select('to')} />
      {active && (
        <div className="sm:col-span-2 lg:col-span-3">
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => {
              setSearch('');
              onClear();
            }}
          >
            Clear filters
          </Button>
        </div>
      )}
    </form>
  );
}
