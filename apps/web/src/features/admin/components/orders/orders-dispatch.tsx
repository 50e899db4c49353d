import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { orderAssignBody, type Order } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { applyServerErrors } from '@/lib/form-errors';
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

/** The contract's rule for whom an order is given to. */
const assignSchema = orderAssignBody.pick({ agent_id: true });

function AgentPicker({ order }: { order: Order }) {
  const agents = useDispatchAgents(order.id);
  const assign = useAssignOrder();
  const form = useForm<{ agent_id: string }, unknown, { agent_id: number }>({
    // Typed for the select's text: the contract reads the id from text as well as from JSON.
    resolver: zodResolver(assignSchema as unknown as z.ZodType<{ agent_id: number }, { agent_id: string }>),
    defaultValues: { agent_id: '' },
  });
  if (agents.isPending) return <p className="text-slate-600">Loading the area’s agents…</p>;
  if (agents.isError) return <p className="text-red-700">{agents.error.message}</p>;
  const choices = agents.data.filter((agent) => agent.id !== order.assigned_agent_id);
  if (choices.length === 0) return <p className="text-slate-600">No other approved agent serves this area.</p>;

  const onSubmit = form.handleSubmit(({ agent_id }) =>
    assign.mutate(
      { id: order.id, agent_id },
      {
        onSuccess: ({ message }) => {
          form.reset();
          notifySuccess(message || 'Order assigned', 'Success');
        },
        onError: (failure) => notifyError(applyServerErrors(failure, form.setError, ['agent_id'])),
      },
    ),
  );
  return (
    <form className="flex items-end gap-2" onSubmit={onSubmit} noValidate>
      <SelectField
        label={order.agent ? 'Reassign to' : 'Assign to'}
        placeholder="Choose an agent"
        error={form.formState.errors.agent_id?.message}
        {...form.register('agent_id')}
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
