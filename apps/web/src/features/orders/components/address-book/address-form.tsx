import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { addressStoreBody, type SavedAddress } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { SwitchField } from '@/components/ui/switch-field';
import { TextInput } from '@/components/ui/text-input';
import { useEnabledLocations } from '@/lib/catalog-queries';
import { applyServerErrors } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useStoreSavedAddress } from '../../api/saved-addresses';
import { useUpdateSavedAddress } from '../../api/update-saved-address';

const FIELDS = ['label', 'address', 'landmark', 'location_id', 'is_default'] as const;

type AddressFormProps = {
  /** The address to change; without it the form saves a new one. */
  address?: SavedAddress;
  onDone: () => void;
  onCancel: () => void;
};

/**
 * Label, address, landmark, area and whether it is the default, checked with the API's own rules
 * (`addressStoreBody`) before anything is sent. An edit sends every field with the id, which
 * `addressUpdateBody` accepts as it is.
 */
export function AddressForm({ address, onDone, onCancel }: AddressFormProps) {
  const locations = useEnabledLocations();
  const form = useForm({
    resolver: zodResolver(addressStoreBody),
    defaultValues: {
      label: address?.label ?? '',
      address: address?.address ?? '',
      landmark: address?.landmark ?? '',
      location_id: address?.location_id ?? ('' as unknown as number),
      is_default: address?.is_default ?? false,
    },
  });
  const { errors } = form.formState;
  const store = useStoreSavedAddress();
  const update = useUpdateSavedAddress();
  const pending = store.isPending || update.isPending;
  const isDefault = form.watch('is_default') ?? false;

  const onSubmit = form.handleSubmit((values) => {
    const handlers = {
      onSuccess: () => {
        notifySuccess(address ? 'The address has been updated' : 'The address has been saved');
        onDone();
      },
      onError: (error: unknown) => notifyError(applyServerErrors(error, form.setError, FIELDS)),
    };
    if (address) update.mutate({ id: address.id, ...values }, handlers);
    else store.mutate(values, handlers);
  });

  const title = address ? `Edit ${address.label}` : 'Add an address';
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={title}
      className="space-y-4 rounded-xl bg-white p-4 ring-1 ring-slate-200"
    >
      <h2 className="font-semibold text-slate-900">{title}</h2>
      <TextInput
        label="Label"
        variant="settings"
        placeholder="e.g. Home or Office"
        error={errors.label?.message}
        {...form.register('label')}
      />
      <TextInput
        label="Address"
        variant="settings"
        autoComplete="street-address"
        error={errors.address?.message}
        {...form.register('address')}
      />
      <TextInput
        label="Landmark (optional)"
        variant="settings"
        hint="What helps the agent find the door, e.g. opposite the church, blue gate."
        error={errors.landmark?.message}
        {...form.register('landmark')}
      />
      <SelectField
        label="Location"
        placeholder={locations.isPending ? 'Loading locations…' : 'Select your location'}
        error={errors.location_id?.message ?? (locations.isError ? 'The locations could not be loaded.' : undefined)}
        {...form.register('location_id')}
      >
        {locations.data?.map((location) => (
          <option key={location.id} value={location.id}>
            {location.name}
          </option>
        ))}
      </SelectField>
      <SwitchField
        label="Default address"
        hint="Checkout offers it first."
        checked={isDefault}
        onCheckedChange={(checked) => form.setValue('is_default', checked, { shouldDirty: true })}
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" size="sm" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" size="sm" loading={pending}>
          {address ? 'Save changes' : 'Save address'}
        </Button>
      </div>
    </form>
  );
}
