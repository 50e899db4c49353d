import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { SlidersHorizontal } from 'lucide-react';
import { CATEGORY_KIND_LABELS, ORDER_STATUS_LABELS, ORDER_STATUSES, type CategoryKind } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { SelectField } from '@/components/ui/select-field';
import { TextInput } from '@/components/ui/text-input';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAllLocations } from '../../api/get-locations';
import { dayInputProps, dayText, formatInputDay } from '../../utils/day-input';
import {
  orderFilterFormSchema,
  type AdminOrderFilters,
  type OrderFilterFormOutput,
  type OrderFilterFormValues,
} from '../../api/orders/admin-order';

export type FilterName = Exclude<keyof AdminOrderFilters, 'page'>;

/** Water and gas are ordered here; airtime and data have their own purchases. */
const ORDER_KINDS: CategoryKind[] = ['sachet_water', 'bottle_water', 'gas'];

type OrdersFiltersProps = {
  filters: AdminOrderFilters;
  onChange: (name: FilterName, value: string) => void;
  onClear: () => void;
};

function formValues(filters: AdminOrderFilters): OrderFilterFormValues {
  return {
    status: filters.status ?? '',
    kind: filters.kind ?? '',
    location_id: filters.location_id ?? '',
    from: formatInputDay(filters.from),
    to: formatInputDay(filters.to),
    search: filters.search ?? '',
    locked: filters.locked ?? '',
  };
}

const isDay = (name: FilterName): name is 'from' | 'to' => name === 'from' || name === 'to';

export function OrdersFilters({ filters, onChange, onClear }: OrdersFiltersProps) {
  const locations = useAllLocations();
  const form = useForm<OrderFilterFormValues, unknown, OrderFilterFormOutput>({
    resolver: zodResolver(orderFilterFormSchema),
    defaultValues: formValues(filters),
  });
  const { errors } = form.formState;
  const search = form.watch('search');
  const debouncedSearch = useDebouncedValue(search.trim(), 400);
  const applied = filters.search ?? '';

  /** Puts a filter in the address once it passes the API's rule; a wrong one is shown at its field. */
  const apply = async (name: FilterName) => {
    if (!(await form.trigger(name))) return;
    const value = form.getValues(name).trim();
    onChange(name, isDay(name) ? dayText.parse(value) : value);
  };

  // The search box queries once typing pauses.
  useEffect(() => {
    if (debouncedSearch !== applied) void apply('search');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new search should query
  }, [debouncedSearch]);

  const activeCount = Object.entries(filters).filter(([name, value]) => name !== 'page' && value).length;
  const active = activeCount > 0;
  // On a phone the six filters would push the list off the first screen, so they fold behind a
  // button there; wider screens always show them.
  const [open, setOpen] = useState(false);
  const formId = useId();
  const field = (name: FilterName) => ({
    error: errors[name]?.message,
    ...form.register(name, { onChange: () => void apply(name) }),
  });
  // A day is checked once typed (on leaving the field or Enter), not at every keystroke of it.
  const dayField = (name: 'from' | 'to') => ({
    ...dayInputProps,
    error: errors[name]?.message,
    ...form.register(name, { onBlur: () => void apply(name) }),
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== 'Enter') return;
      event.preventDefault();
      void apply(name);
    },
  });

  return (
    <div className="space-y-3">
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="md:hidden"
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => setOpen((current) => !current)}
      >
        <SlidersHorizontal className="size-4" aria-hidden="true" />
        {open ? 'Hide filters' : 'Filters'}
        {active && ` (${activeCount})`}
      </Button>
      <form
        id={formId}
        role="search"
        aria-label="Filter orders"
        className={cn(
          'gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:grid-cols-2 md:grid lg:grid-cols-3',
          open ? 'grid' : 'hidden',
        )}
        onSubmit={(event) => {
          event.preventDefault();
          void apply('search');
        }}
      >
        <TextInput
          variant="settings"
          label="Search customer"
          placeholder="E-mail, phone or name"
          type="search"
          error={errors.search?.message}
          {...form.register('search')}
        />
        <SelectField label="Status" {...field('status')}>
          <option value="">All statuses</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {ORDER_STATUS_LABELS[status]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Kind" {...field('kind')}>
          <option value="">All kinds</option>
          {ORDER_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {CATEGORY_KIND_LABELS[kind]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Location" {...field('location_id')}>
          <option value="">All locations</option>
          {(locations.data ?? []).map((location) => (
            <option key={location.id} value={String(location.id)}>
              {location.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Delivery" {...field('locked')}>
          <option value="">All deliveries</option>
          <option value="true">Locked: wrong codes</option>
        </SelectField>
        <TextInput variant="settings" label="From" {...dayField('from')} />
        <TextInput variant="settings" label="To" {...dayField('to')} />
        {active && (
          <div className="sm:col-span-2 lg:col-span-3">
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => {
                form.reset(formValues({ page: 1 }));
                onClear();
              }}
            >
              Clear filters
            </Button>
          </div>
        )}
      </form>
    </div>
  );
}
