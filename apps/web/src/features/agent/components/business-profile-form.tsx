import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { emailField, phoneField, toLocalPhone, type Agent } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/text-input';
import { applyServerErrors } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useEnabledLocations } from '@/lib/catalog-queries';
import { useUpdateMyAgent } from '../api/update-my-agent';
import { AreaChecklist } from './area-checklist';
import { BusinessImagePicker } from './business-image-picker';

/** The contract's field rules; the phone may stay empty. */
const schema = z.object({
  business_name: z.string().trim().min(1, 'The business name field is required.').max(100),
  business_email: emailField,
  business_phone: z.literal('').or(phoneField),
  location_ids: z
    .array(z.number())
    .min(1, 'Choose at least one area you deliver in.')
    .max(10, 'Choose at most 10 areas.'),
});

const FIELDS = ['business_name', 'business_email', 'business_phone', 'location_ids'] as const;

/** Business name, email, phone, image, and where the agent sells. */
export function BusinessProfileForm({ agent }: { agent: Agent }) {
  const [photo, setPhoto] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: {
      business_name: agent.business_name,
      business_email: agent.business_email,
      business_phone: agent.business_phone ? toLocalPhone(agent.business_phone) : '',
      location_ids: agent.locations.map((area) => area.id),
    },
  });
  const { errors } = form.formState;
  const locations = useEnabledLocations();
  const mutation = useUpdateMyAgent();

  const onSubmit = form.handleSubmit((values) => {
    mutation.mutate(
      {
        business_name: values.business_name,
        business_email: values.business_email,
        ...(values.business_phone ? { business_phone: values.business_phone } : {}),
        location_ids: values.location_ids,
        ...(photo ? { base64_photos: [photo] } : {}),
      },
      {
        onSuccess: (result) => {
          setPhoto(null);
          notifySuccess(result.message || 'Settings saved');
        },
        onError: (error) => notifyError(applyServerErrors(error, form.setError, FIELDS)),
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Business profile" className="space-y-4">
      <BusinessImagePicker src={photo ?? agent.image} businessName={agent.business_name} onPick={setPhoto} />
      <TextInput
        label="Business Name"
        variant="settings"
        autoComplete="organization"
        error={errors.business_name?.message}
        {...form.register('business_name')}
      />
      <TextInput
        label="Business Email"
        variant="settings"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        error={errors.business_email?.message}
        {...form.register('business_email')}
      />
      <TextInput
        label="Business Phone Number"
        variant="settings"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        error={errors.business_phone?.message}
        {...form.register('business_phone')}
      />
      <Controller
        control={form.control}
        name="location_ids"
        render={({ field }) => (
          <AreaChecklist
            areas={locations.data}
            value={field.value}
            onChange={field.onChange}
            loading={locations.isPending}
            error={errors.location_ids?.message}
          />
        )}
      />
      <Button type="submit" loading={mutation.isPending}>
        Save
      </Button>
    </form>
  );
}
