import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { toLocalPhone, type Agent } from '@ruwa/contract';
import { AreaChecklist } from '@/components/ui/area-checklist';
import { Button } from '@/components/ui/button';
import { ContactFields } from '@/components/ui/contact-fields';
import { applyServerErrors } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useEnabledLocations } from '@/lib/catalog-queries';
import { updateMyAgentInputSchema, useUpdateMyAgent } from '../api/update-my-agent';
import { BusinessImagePicker } from './business-image-picker';

/** The contract's rules for the fields this form sends; the phone may stay empty. */
const schema = updateMyAgentInputSchema
  .pick({ business_name: true, business_email: true, business_phone: true, location_ids: true })
  .required({ business_name: true, business_email: true, location_ids: true });

/** The fields as the form holds them (the contract reads the ids from any JSON). */
type Values = { business_name: string; business_email: string; business_phone: string; location_ids: number[] };
type Checked = z.output<typeof schema>;

const FIELDS = ['business_name', 'business_email', 'business_phone', 'location_ids'] as const;

/** Business name, email, phone, image, and where the agent sells. */
export function BusinessProfileForm({ agent }: { agent: Agent }) {
  const [photo, setPhoto] = useState<string | null>(null);
  const form = useForm<Values, unknown, Checked>({
    resolver: zodResolver(schema as unknown as z.ZodType<Checked, Values>),
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
      { ...values, ...(photo ? { base64_photos: [photo] } : {}) },
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
      <ContactFields
        register={form.register}
        errors={errors}
        names={{ business: 'business_name', email: 'business_email', phone: 'business_phone' }}
        emailLabel="Business Email"
        phoneLabel="Business Phone Number"
        variant="settings"
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
            legend="Areas you deliver in"
            hint="You see open orders and get new-order alerts in every area you tick."
          />
        )}
      />
      <Button type="submit" loading={mutation.isPending}>
        Save
      </Button>
    </form>
  );
}
