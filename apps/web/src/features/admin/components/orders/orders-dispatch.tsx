import { useState } from 'react';
import type { Order } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { isApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useAssignOrder, useDispatchAgents } from '../../api/orders/assign-order';

/**
 * Who holds the order, and (while nobody has set off with it) a picker to give it to a named agent
 * of its area, each shown with the orders they already hold.
 */
export function OrdersDispatch({ order }: { order: Order }) {
  const canAssign = order.status === 'paid' || order.status === 'assigned';
  return (
    <div className="space-y-2 text-sm">
      <p className="text-slate-900">
        {order.agent ? (
          <>
            Held by <span className="font-semibold">{order.agent.business_name}</span>
            {order.agent.phone_number && <span className="text-slate-700"> · {order.agent.phone_number}</span>}
          </>
        ) : (
          <span className="text-slate-700">No agent holds this order.</span>
        )}
      </p>
      {canAssign && <AgentPicker order={order} />}
    </div>
  );
}

function AgentPicker({ order }: { order: Order }) {
  const agents = useDispatchAgents(order.id);
  const assign = useAssignOrder();
  const [agentId, setAgentId] = useState('');
  const [error, setError] = useState<string>();
  if (agents.isPending) return <p className="text-slate-600">Loading the area’s agents…</p>;
  if (agents.isError) return <p className="text-red-700">{agents.error.message}</p>;
  const choices = agents.data.filter((agent) => agent.id !== order.assigned_agent_id);
  if (choices.length === 0) return <p className="text-slate-600">No other approved agent serves this area.</p>;
  return (
    <form
      className="flex items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!agentId) return setError('Choose an agent.');
        assign.mutate(
          { id: order.id, agent_id: Number(agentId) },
          {
            onSuccess: ({ message }) => {
              setAgentId('');
              notifySuccess(message || 'Order assigned', 'Success');
            },
            onError: (failure) =>
              isApiError(failure) && failure.fieldError('agent_id')
                ? setError(failure.fieldError('agent_id'))
                : notifyError(failure.message),
          },
        );
      }}
    >
      <SelectField
        label={order.agent ? 'Reassign to' : 'Assign to'}
        placeholder="Choose an agent"
        value={agentId}
        error={error}
        onChange={(event) => {
          setAgentId(event.target.value);
          setError(undefined);
        }}
      >
        {choices.map((agent) => (
          <option key={agent.id} value={agent.id}>
            {agent.business_name} ({agent.open_orders} open)
          </option>
        ))}
      </SelectField>
      <Button type="submit" size="field" loading={assign.isPending}>
        {order.agent ? 'Reassign' : 'Assign'}
      </Button>
    </form>
  );
}
