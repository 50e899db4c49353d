import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Agent } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/text-input';
import { applyServerErrors } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { updateMyAgentInputSchema, useUpdateMyAgent } from '../api/update-my-agent';

const schema = updateMyAgentInputSchema.pick({ cac_number: true });

/** The CAC registration number. */
export function ComplianceForm({ agent }: { agent: Agent }) {
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { cac_number: agent.cac_number ?? '' },
  });
  const mutation = useUpdateMyAgent();

  const onSubmit = form.handleSubmit((values) => {
    mutation.mutate(
      { cac_number: values.cac_number ?? '' },
      {
        onSuccess: (result) => notifySuccess(result.message || 'Settings saved'),
        onError: (error) => notifyError(applyServerErrors(error, form.setError, ['cac_number'])),
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Compliance" className="space-y-4">
      <TextInput
        label="CAC Registration Number"
        variant="settings"
        placeholder="RC123456"
        autoCapitalize="characters"
        hint="Your Corporate Affairs Commission number, e.g. RC123456 or BN1234567."
        error={form.formState.errors.cac_number?.message}
        {...form.register('cac_number')}
      />
      <Button type="submit" loading={mutation.isPending}>
        Save
      </Button>
    </form>
  );
}
