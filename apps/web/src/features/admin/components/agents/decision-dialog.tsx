import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertDialog } from 'radix-ui';
import { toLocalPhone, type Agent } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { TextArea } from '@/components/ui/text-area';
import { notifyError, notifySuccess } from '@/lib/notify';
import {
  decisionFormSchema,
  useUpdateAgentStatus,
  type AgentDecision,
  type DecisionFormValues,
} from '../../api/agents/update-agent-status';
import { AgentStatusBadge } from './agent-status-badge';
import { areaNames } from './area-names';
import { formatDate } from '../../utils/format-date';

export const DECISION_LABELS: Record<AgentDecision, string> = {
  approved: 'Approve',
  rejected: 'Reject',
  suspended: 'Suspend',
};

/** What can be decided from each status: a pending application is approved or rejected, and so on. */
export const NEXT_DECISIONS: Record<Agent['status'], AgentDecision[]> = {
  pending: ['approved', 'rejected'],
  approved: ['suspended'],
  rejected: ['approved'],
  suspended: ['approved'],
};

const DECISION_HINTS: Record<AgentDecision, string> = {
  approved: 'They can open the agent area and take orders at once.',
  rejected: 'They will not get access to the agent area.',
  suspended: 'They lose access to the agent area until approved again.',
};

function sells(agent: Agent): string {
  const items = [
    agent.sells_sachet_water && 'sachet water',
    agent.sells_bottle_water && 'bottle water',
    agent.sells_gas && 'cooking gas',
  ].filter(Boolean);
  return items.length ? items.join(', ') : 'Nothing chosen yet';
}

/** The applicant's details, then the decision with an optional note, confirmed in one step. */
export function DecisionDialog({ agent, decision }: { agent: Agent; decision: AgentDecision }) {
  const [open, setOpen] = useState(false);
  const form = useForm<DecisionFormValues>({ resolver: zodResolver(decisionFormSchema), defaultValues: { note: '' } });
  const mutation = useUpdateAgentStatus();
  const label = DECISION_LABELS[decision];

  const confirm = form.handleSubmit(({ note }) =>
    mutation.mutate(
      { id: agent.id, status: decision, ...(note ? { note } : {}) },
      {
        onSuccess: (result) => {
          setOpen(false);
          form.reset();
          notifySuccess(result.message || 'Agent status has been updated successfully');
        },
        onError: (error) => notifyError(error.message),
      },
    ),
  );

  const details: [string, string][] = [
    ['Email', agent.business_email],
    ['Phone', agent.business_phone ? toLocalPhone(agent.business_phone) : 'Not given'],
    ['Areas', areaNames(agent, 'Not given')],
    ['Sells', sells(agent)],
    ['CAC number', agent.cac_number ?? 'Not given'],
    ['Applied', formatDate(agent.created_at)],
  ];
  if (agent.decision_note) details.push(['Last note', agent.decision_note]);

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (mutation.isPending ? undefined : setOpen(next))}>
      <AlertDialog.Trigger asChild>
        <Button
          size="sm"
          variant={decision === 'approved' ? 'primary' : 'outline'}
          aria-label={`${label} ${agent.business_name}`}
        >
          {label}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">
            {label} {agent.business_name}?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-1 text-sm text-slate-700">
            {DECISION_HINTS[decision]} The applicant gets a notification.
          </AlertDialog.Description>
          <div className="mt-3 flex items-center gap-2 text-sm text-slate-700">
            Now: <AgentStatusBadge status={agent.status} />
          </div>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-lg bg-slate-50 p-3 text-sm">
            {details.map(([term, value]) => (
              <div key={term} className="contents">
                <dt className="text-slate-600">{term}</dt>
                <dd className="break-words text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
          <TextArea
            label="Note (optional)"
            rows={3}
            error={form.formState.errors.note?.message}
            containerClassName="mt-4"
            {...form.register('note')}
          />
          <div className="mt-5 flex justify-end gap-3">
            <AlertDialog.Cancel asChild>
              <Button variant="outline" size="sm" disabled={mutation.isPending}>
                Cancel
              </Button>
            </AlertDialog.Cancel>
            <Button
              variant={decision === 'approved' ? 'primary' : 'destructive'}
              size="sm"
              loading={mutation.isPending}
              onClick={() => void confirm()}
            >
              {label}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
