import { formatNaira, ORDER_STATUS_LABELS, type AdminAgentDetail, type Agent } from '@ruwa/contract';
import { useAgent } from '../../api/agents/get-agent';
import { DetailField, RecordDetail } from '../catalog/admin-page-header';
import { formatDate } from '../../utils/format-date';
import { AgentAreasForm } from './agent-areas-form';
import { AgentStatusBadge } from './agent-status-badge';
import { areaNames } from './area-names';
import { DecisionDialog, NEXT_DECISIONS } from './decision-dialog';

type AgentDetailScreenProps = {
  /** From the address; null when it is not a number. */
  id: number | null;
  backHref: string;
};

function sells(agent: Agent): string {
  const items = [
    agent.sells_sachet_water && 'Sachet water',
    agent.sells_bottle_water && 'Bottle water',
    agent.sells_gas && 'Cooking gas',
  ].filter(Boolean);
  return items.length ? items.join(', ') : 'Nothing chosen yet';
}

/** One agent for admins: business, the person, their area, what they hold, and what they have earned. */
export function AgentDetailScreen({ id, backHref }: AgentDetailScreenProps) {
  return (
    <RecordDetail
      id={id}
      noun="agent"
      backHref={backHref}
      backLabel="Back to agents"
      useRecord={useAgent}
      title={(data) => data.agent.business_name}
    >
      {(data) => <AgentDetailContent data={data} />}
    </RecordDetail>
  );
}

function AgentDetailContent({ data }: { data: AdminAgentDetail }) {
  const { agent, person, commission } = data;
  return (
    <>
      <div className="grid gap-4 lg:grid-cols-3">
        <section
          aria-labelledby="business-heading"
          className="space-y-4 rounded-xl bg-white p-5 ring-1 ring-slate-200 lg:col-span-2"
        >
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="business-heading" className="font-semibold text-slate-900">
              Business
            </h2>
            <AgentStatusBadge status={agent.status} />
          </div>
          <dl className="grid gap-4 sm:grid-cols-2">
            <DetailField label="Business email">{agent.business_email}</DetailField>
            <DetailField label="Business phone">{agent.business_phone ?? 'Not given'}</DetailField>
            <DetailField label="Areas">{areaNames(agent, 'Not chosen yet')}</DetailField>
            <DetailField label="Sells">{sells(agent)}</DetailField>
            <DetailField label="CAC number">{agent.cac_number ?? 'Not given'}</DetailField>
            <DetailField label="Applied">{formatDate(agent.created_at)}</DetailField>
            {agent.decision_note && <DetailField label="Decision note">{agent.decision_note}</DetailField>}
          </dl>
          <div className="flex flex-wrap gap-2">
            {NEXT_DECISIONS[agent.status].map((decision) => (
              <DecisionDialog key={decision} agent={agent} decision={decision} />
            ))}
          </div>
        </section>

        <section aria-labelledby="person-heading" className="space-y-4 rounded-xl bg-white p-5 ring-1 ring-slate-200">
          <h2 id="person-heading" className="font-semibold text-slate-900">
            Person
          </h2>
          {person ? (
            <dl className="grid gap-4">
              <DetailField label="Name">{`${person.first_name} ${person.last_name}`}</DetailField>
              <DetailField label="Email">{person.email}</DetailField>
              <DetailField label="Phone">{person.phone_number}</DetailField>
            </dl>
          ) : (
            <p className="text-sm text-slate-700">The account behind this agent no longer exists.</p>
          )}
        </section>
      </div>

      <AgentAreasForm key={agent.id} agent={agent} />

      <section aria-labelledby="earnings-heading" className="space-y-3">
        <h2 id="earnings-heading" className="text-lg font-semibold text-slate-900">
          Deliveries and commission
        </h2>
        <dl className="grid gap-3 sm:grid-cols-4">
          <Stat label="Deliveries done" value={String(data.deliveries_done)} />
          <Stat label="Commission earned" value={formatNaira(commission.earned)} />
          <Stat label="Commission paid" value={formatNaira(commission.paid)} />
          <Stat label="Commission owed" value={formatNaira(commission.owed)} />
        </dl>
        <p className="text-xs text-slate-600">
          Commission is paid into the agent’s wallet when each delivery is confirmed.
        </p>
      </section>

      <HeldOrders orders={data.open_orders} />
    </>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-xl font-bold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

function HeldOrders({ orders }: { orders: AdminAgentDetail['open_orders'] }) {
  return (
    <section aria-labelledby="held-heading" className="space-y-3">
      <h2 id="held-heading" className="text-lg font-semibold text-slate-900">
        Open orders they hold
      </h2>
      {orders.length === 0 ? (
        <p className="rounded-xl bg-white p-4 text-sm text-slate-700 ring-1 ring-slate-200">
          They hold no undelivered orders.
        </p>
      ) : (
        <ul
          aria-label="Open orders they hold"
          className="divide-y divide-slate-200 rounded-xl bg-white ring-1 ring-slate-200"
        >
          {orders.map((order) => (
            <li key={order.id} className="flex flex-wrap items-start justify-between gap-3 p-4">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  Order #{order.id}: {order.product_name} × {order.quantity}
                </p>
                <p className="text-xs text-slate-600">
                  {order.location_name} · {order.recipient_address}
                </p>
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1 text-sm">
                <span className="font-semibold text-slate-900 tabular-nums">{formatNaira(order.order_amount)}</span>
                <span className="text-slate-700">{ORDER_STATUS_LABELS[order.status]}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
