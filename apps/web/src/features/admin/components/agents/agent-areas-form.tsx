import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { Agent } from '@ruwa/contract';
import { AreaChecklist } from '@/components/ui/area-checklist';
import { Button } from '@/components/ui/button';
import { SwitchField } from '@/components/ui/switch-field';
import { useEnabledLocations } from '@/lib/catalog-queries';
import { applyServerErrors } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { agentAreasFormSchema, useUpdateAgentAreas } from '../../api/agents/update-agent-areas';

export const AGENT_AREAS_TEXTS = {
  heading: 'Where they deliver and what they sell',
  intro: 'The agent is told when you change these, and can change them again in their own settings.',
  legend: 'Areas this agent delivers in',
  hint: 'They see open orders and get new-order alerts in every area ticked.',
  kinds: {
    sells_sachet_water: 'Sells sachet water',
    sells_bottle_water: 'Sells bottle water',
    sells_gas: 'Sells cooking gas',
  },
  on: 'Offered these orders',
  off: 'Not offered these orders',
  save: 'Save areas and products',
  saved: 'Agent areas have been updated',
};

type Values = z.input<typeof agentAreasFormSchema>;
type Checked = z.output<typeof agentAreasFormSchema>;
const KINDS = ['sells_sachet_water', 'sells_bottle_water', 'sells_gas'] as const;
const FIELDS = ['location_ids', ...KINDS] as const;

/** An admin sets an agent's areas and the kinds they sell, all at once, checked with the API's rules. */
export function AgentAreasForm({ agent }: { agent: Agent }) {
  const form = useForm<Values, unknown, Checked>({
    resolver: zodResolver(agentAreasFormSchema),
    defaultValues: {
      location_ids: agent.locations.map((area) => area.id),
      sells_sachet_water: agent.sells_sachet_water,
      sells_bottle_water: agent.sells_bottle_water,
      sells_gas: agent.sells_gas,
    },
  });
  const { errors } = form.formState;
  const locations = useEnabledLocations();
  const mutation = useUpdateAgentAreas();
  const kinds = form.watch(KINDS);

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(
      { id: agent.id, ...values },
      {
        onSuccess: (result) => notifySuccess(result.message || AGENT_AREAS_TEXTS.saved),
        onError: (error) => notifyError(applyServerErrors(error, form.setError, FIELDS)),
      },
    ),
  );

  return (
    <section aria-labelledby="agent-areas-heading" className="space-y-4 rounded-xl bg-white p-5 ring-1 ring-slate-200">
      <div>
        <h2 id="agent-areas-heading" className="font-semibold text-slate-900">
          {AGENT_AREAS_TEXTS.heading}
        </h2>
        <p className="text-sm text-slate-600">{AGENT_AREAS_TEXTS.intro}</p>
      </div>
      <form onSubmit={onSubmit} noValidate aria-label={AGENT_AREAS_TEXTS.heading} className="space-y-4">
        <Controller
          control={form.control}
          name="location_ids"
          render={({ field }) => (
            <AreaChecklist
              areas={locations.data}
              value={field.value as number[]}
              onChange={field.onChange}
              loading={locations.isPending}
              error={errors.location_ids?.message}
              legend={AGENT_AREAS_TEXTS.legend}
              hint={AGENT_AREAS_TEXTS.hint}
            />
          )}
        />
        <div className="grid gap-2 sm:grid-cols-3">
          {KINDS.map((field, i) => (
            <SwitchField
              key={field}
              label={AGENT_AREAS_TEXTS.kinds[field]}
              hint={kinds[i] ? AGENT_AREAS_TEXTS.on : AGENT_AREAS_TEXTS.off}
              checked={Boolean(kinds[i])}
              onCheckedChange={(checked) => form.setValue(field, checked, { shouldDirty: true })}
            />
          ))}
        </div>
        <Button type="submit" loading={mutation.isPending}>
          {AGENT_AREAS_TEXTS.save}
        </Button>
      </form>
    </section>
  );
}
