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
    },
  });
  const { errors } = form.formState;
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
