import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Location } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { SwitchField } from '@/components/ui/switch-field';
import { TextInput } from '@/components/ui/text-input';
import { applyServerErrors } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { LOCATION_CREATED, locationFormSchema, useCreateLocation } from '../../api/create-location';
import { LOCATION_UPDATED, useUpdateLocation } from '../../api/update-location';

const FIELDS = ['name', 'state', 'country', 'enabled', 'delivery_fee', 'minimum_order'] as const;

type LocationFormProps = {
  /** The location to edit; without it the form creates one. */
  location?: Location;
  cancelHref: string;
  /** After a successful save (the app goes back to the list). */
  onDone: () => void;
};

/** The state can only be lagos and the country only nigeria. */
export function LocationForm({ location, cancelHref, onDone }: LocationFormProps) {
  const form = useForm({
    resolver: zodResolver(locationFormSchema),
    defaultValues: {
      name: location?.name ?? '',
      state: (location?.state ?? 'lagos') as 'lagos',
      country: (location?.country ?? 'nigeria') as 'nigeria',
      enabled: location?.enabled ?? true,
      delivery_fee: location?.delivery_fee ?? 0,
      minimum_order: location?.minimum_order ?? 0,
      delivery_windows: location?.delivery_windows ?? [],
    },
  });
  const { errors } = form.formState;
  const windows = form.watch('delivery_windows') ?? [];
  const setWindows = (next: typeof windows) => form.setValue('delivery_windows', next, { shouldDirty: true });
  const done = (message: string) => () => {
    notifySuccess(message, 'Action Successful');
    onDone();
  };
  const create = useCreateLocation({ onSuccess: done(LOCATION_CREATED) });
  const update = useUpdateLocation({ onSuccess: done(LOCATION_UPDATED) });
  const pending = create.isPending || update.isPending;

  const onSubmit = form.handleSubmit((values) => {
    const onError = (error: unknown) => notifyError(applyServerErrors(error, form.setError, FIELDS));
    if (location) update.mutate({ id: location.id, ...values }, { onError });
    else create.mutate(values, { onError });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5 rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:p-6">
      <TextInput
        label="Name"
        variant="settings"
        placeholder="e.g. Lekki"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField label="State" error={errors.state?.message} {...form.register('state')}>
          <option value="lagos">Lagos</option>
        </SelectField>
        <SelectField label="Country" error={errors.country?.message} {...form.register('country')}>
          <option value="nigeria">Nigeria</option>
        </SelectField>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextInput
          label="Delivery fee (₦)"
          variant="settings"
          inputMode="decimal"
          hint="Added to every order and every subscription delivery here. 0 for free delivery."
          error={errors.delivery_fee?.message}
          {...form.register('delivery_fee')}
        />
        <TextInput
          label="Minimum order (₦)"
          variant="settings"
          inputMode="decimal"
          hint="The items must come to at least this, before delivery. 0 for none."
          error={errors.minimum_order?.message}
          {...form.register('minimum_order')}
        />
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800">Delivery windows (Lagos time)</legend>
        <p className="text-xs text-slate-600">
          Offered today until their cut-off, and tomorrow. Without windows, orders go out as soon as an agent takes
          them.
        </p>
        <ul className="space-y-3">
          {windows.map((_, index) => {
            const n = index + 1;
            const rowErrors = errors.delivery_windows?.[index];
            return (
              <li
                key={index}
                className="grid grid-cols-2 items-start gap-2 rounded-lg bg-slate-50 p-3 sm:grid-cols-[1fr_6rem_6rem_6rem_auto]"
              >
                <TextInput
                  label={`Window ${n} name`}
                  variant="settings"
                  placeholder="Morning"
                  error={rowErrors?.name?.message}
                  {...form.register(`delivery_windows.${index}.name`)}
                />
                <TextInput
                  label={`Window ${n} starts`}
                  variant="settings"
                  placeholder="08:00"
                  error={rowErrors?.starts?.message}
                  {...form.register(`delivery_windows.${index}.starts`)}
                />
                <TextInput
                  label={`Window ${n} ends`}
                  variant="settings"
                  placeholder="12:00"
                  error={rowErrors?.ends?.message}
                  {...form.register(`delivery_windows.${index}.ends`)}
                />
                <TextInput
                  label={`Window ${n} cut-off`}
                  variant="settings"
                  placeholder="07:00"
                  error={rowErrors?.cutoff?.message}
                  {...form.register(`delivery_windows.${index}.cutoff`)}
                />
                <Button
                  variant="ghost"
                  size="sm"
                  className="mt-7"
                  onClick={() => setWindows(windows.filter((__, at) => at !== index))}
                >
                  Remove
                </Button>
              </li>
            );
          })}
        </ul>
        {errors.delivery_windows?.message && (
          <p role="alert" className="text-sm text-red-700">
            {errors.delivery_windows.message}
          </p>
        )}
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setWindows([...windows, { name: '', starts: '', ends: '', cutoff: '' }])}
        >
          Add window
        </Button>
      </fieldset>
      <SwitchField
        label="Enabled"
        hint="Customers can only choose enabled locations."
        checked={form.watch('enabled') ?? true}
        onCheckedChange={(checked) => form.setValue('enabled', checked, { shouldDirty: true })}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={pending}>
          {location ? 'Save changes' : 'Create location'}
        </Button>
        <Button asChild variant="outline">
          <Link to={cancelHref}>Cancel</Link>
        </Button>
      </div>
    </form>
  );
}
