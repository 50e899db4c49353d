import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { Agent, Envelope } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { ContactFields } from '@/components/ui/contact-fields';
import { applyServerErrors } from '@/lib/form-errors';
import { notifyError } from '@/lib/notify';
import { useEnabledLocations } from '@/lib/catalog-queries';
import {
  agentApplyFormSchema,
  useApplyAgent,
  type AgentApplyFormValues,
  type ApplyAgentInput,
} from '../api/apply-agent';

const FIELDS = ['agent_name', 'agent_email', 'agent_phone', 'location_id'] as const;

type AgentApplyFormProps = {
  defaultEmail?: string;
  onSuccess: (result: Envelope<Agent>) => void;
};

export function AgentApplyForm({ defaultEmail = '', onSuccess }: AgentApplyFormProps) {
  const form = useForm<AgentApplyFormValues, unknown, ApplyAgentInput>({
    // Typed for the fields' text: the contract reads the location id from text as well as from JSON.
    resolver: zodResolver(agentApplyFormSchema as unknown as z.ZodType<ApplyAgentInput, AgentApplyFormValues>),
    defaultValues: { agent_name: '', agent_email: defaultEmail, agent_phone: '', location_id: '' },
  });
  const { errors } = form.formState;
  const locations = useEnabledLocations();
  const mutation = useApplyAgent({ onSuccess });

  const onSubmit = form.handleSubmit((values) => {
    mutation.mutate(values, {
      onError: (error) => notifyError(applyServerErrors(error, form.setError, FIELDS)),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Agent application" className="space-y-4">
      <ContactFields
        register={form.register}
        errors={errors}
        names={{ business: 'agent_name', email: 'agent_email', phone: 'agent_phone' }}
        phoneLabel="Phone Number (optional)"
        required
      />
      <SelectField
        label="Location (optional)"
        placeholder={locations.isPending ? 'Loading locations...' : 'Where will you sell?'}
        disabled={locations.isPending}
        error={errors.location_id?.message}
        {...form.register('location_id')}
      >
        {locations.data?.map((location) => (
          <option key={location.id} value={location.id}>
            {location.name}
          </option>
        ))}
      </SelectField>
      <Button type="submit" block loading={mutation.isPending}>
        Submit
      </Button>
    </form>
  );
}
