import { useForm } from 'react-hook-form';
import type { Agent, Envelope } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextInput } from '@/components/ui/text-input';
import { applyServerErrors } from '@/lib/form-errors';
import { notifyError } from '@/lib/notify';
import { useEnabledLocations } from '@/lib/catalog-queries';
import { useApplyAgent, type ApplyAgentInput } from '../api/apply-agent';

type FormValues = { agent_name: string; agent_email: string; agent_phone: string; location_id: string };

const FIELDS = ['agent_name', 'agent_email', 'agent_phone', 'location_id'] as const;

/** Empty optional fields are left out; the server checks everything (no client rules shown). */
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
  const form = useForm<FormValues>({
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
        {...form.register('agent_name', { required: 'The business name field is required.' })}
      />
      <TextInput
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        required
        error={errors.agent_email?.message}
        {...form.register('agent_email', { required: 'The email field is required.' })}
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
