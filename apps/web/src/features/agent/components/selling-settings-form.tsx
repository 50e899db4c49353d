import { useState, type FormEvent } from 'react';
import type { Agent } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { SwitchField } from '@/components/ui/switch-field';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useUpdateMyAgent } from '../api/update-my-agent';

type Selling = Pick<Agent, 'sells_sachet_water' | 'sells_bottle_water' | 'sells_gas' | 'sms_alerts'>;

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
  const [selling, setSelling] = useState<Selling>({
    sells_sachet_water: agent.sells_sachet_water,
    sells_bottle_water: agent.sells_bottle_water,
    sells_gas: agent.sells_gas,
    sms_alerts: agent.sms_alerts,
  });
  const mutation = useUpdateMyAgent();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(selling, {
      onSuccess: (result) => notifySuccess(result.message || 'Settings saved'),
      onError: (error) => notifyError(error.message),
    });
  };

  return (
    <form onSubmit={onSubmit} aria-label="What you sell" className="space-y-3">
      {SWITCHES.map(({ field, label, on = 'Enabled', off = 'Disabled' }) => (
        <SwitchField
          key={field}
          label={label}
          hint={selling[field] ? on : off}
          checked={selling[field]}
          onCheckedChange={(checked) => setSelling((current) => ({ ...current, [field]: checked }))}
        />
      ))}
      <Button type="submit" loading={mutation.isPending}>
        Save
      </Button>
    </form>
  );
}
