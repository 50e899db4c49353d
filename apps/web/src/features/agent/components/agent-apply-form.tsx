import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Agent, Envelope } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextInput } from '@/components/ui/text-input';
import { applyServerErrors } from '@/lib/form-errors';
import { notifyError } from '@/lib/notify';
import { useEnabledLocations } from '@/lib/catalog-queries';
import {
  agentApplyFormSchema,
  useApplyAgent,
  type AgentApplyFormValues,
  type ApplyAgentInput,
} from '../api/apply-agent';

type FormValues = AgentApplyFormValues;

const FIELDS = ['agent_name', 'agent_email', 'agent_phone', 'location_id'] as const;

/**
 * What is sent: the fields as typed (trimmed), empty optional ones left out. The schema checked them
 * first; the server checks them again and normalises the phone number itself.
 */
function toInput(values: FormValues): ApplyAgentInput {
  return {
    agent_name: values.agent_name.trim(),
    agent_email: values.agent_email.trim(),
    ...(values.agent_phone.trim() ? { agent_phone: values.agent_phone.trim() } : {}),
    ...(values.location_id ? { location_id: Number(values.location_id) } : {}),
  };
}

type AgentApplyFormProps = {
  defaultEmail?: string;
  onSuccess: (result: Envelope<Agent>) => void;
};

export function AgentApplyForm({ defaultEmail = '', onSuccess }: AgentApplyFormProps) {
  // raw: the handler gets the values as typed, which toInput sends; the schema only checks them.
  const form = useForm<FormValues>({
    resolver: zodResolver(agentApplyFormSchema, undefined, { raw: true }),
    defaultValues: { agent_name: '', agent_email: defaultEmail, agent_phone: '', location_id: '' },
  });
  const { errors } = form.formState;
  const locations = useEnabledLocations();
  const mutation = useApplyAgent({ onSuccess });

  const onSubmit = form.handleSubmit((values) => {
    mutation.mutate(toInput(values), {
      onError: (error) => notifyError(applyServerErrors(error, form.setError, FIELDS)),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Agent application" className="space-y-4">
      <TextInput
        label="Business Name"
        autoComplete="organization"
        required
        error={errors.agent_name?.message}
        {...form.register('agent_name')}
      />
      <TextInput
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        required
        error={errors.agent_email?.message}
        {...form.register('agent_email')}
      />
      <TextInput
        label="Phone Number (optional)"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        error={errors.agent_phone?.message}
        {...form.register('agent_phone')}
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
