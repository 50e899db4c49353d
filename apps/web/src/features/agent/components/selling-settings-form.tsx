import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Agent } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { SwitchField } from '@/components/ui/switch-field';
import { notifyError, notifySuccess } from '@/lib/notify';
import { updateMyAgentInputSchema, useUpdateMyAgent } from '../api/update-my-agent';

const SELLING = { sells_sachet_water: true, sells_bottle_water: true, sells_gas: true, sms_alerts: true } as const;
/** The contract's rules for the switches: every one is sent, on or off. */
const schema = updateMyAgentInputSchema.pick(SELLING).required(SELLING);

type Selling = Pick<Agent, keyof typeof SELLING>;

const SWITCHES: { field: keyof Selling; label: string; on?: string; off?: string }[] = [
  { field: 'sells_sachet_water', label: 'Sell sachet water' },
  { field: 'sells_bottle_water', label: 'Sell bottle water' },
  { field: 'sells_gas', label: 'Sell cooking gas' },
  {
    field: 'sms_alerts',
    label: 'New orders by SMS',
    on: 'An SMS for each new order in your area',
    off: 'No SMS; alerts in the app only',
  },
];

/** Enable/Disable what the agent sells (open orders follow it) and whether new orders also come by SMS. */
export function SellingSettingsForm({ agent }: { agent: Agent }) {
  const form = useForm<Selling>({
    resolver: zodResolver(schema),
    defaultValues: {
      sells_sachet_water: agent.sells_sachet_water,
      sells_bottle_water: agent.sells_bottle_water,
      sells_gas: agent.sells_gas,
      sms_alerts: agent.sms_alerts,
    },
  });
  const selling = form.watch();
  const mutation = useUpdateMyAgent();

  const onSubmit = form.handleSubmit((values) => {
    mutation.mutate(values, {
      onSuccess: (result) => notifySuccess(result.message || 'Settings saved'),
      onError: (error) => notifyError(error.message),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="What you sell" className="space-y-3">
      {SWITCHES.map(({ field, label, on = 'Enabled', off = 'Disabled' }) => (
        <SwitchField
          key={field}
          label={label}
          hint={selling[field] ? on : off}
          checked={selling[field]}
          onCheckedChange={(checked) => form.setValue(field, checked, { shouldDirty: true })}
        />
      ))}
      <Button type="submit" loading={mutation.isPending}>
        Save
      </Button>
    </form>
  );
}
