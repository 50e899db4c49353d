import { toLocalPhone, AGENT_STATUSES, type Agent, type AgentStatus } from '@ruwa/contract';
import { Link, useSearchParams } from 'react-router';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Pager } from '@/components/ui/pager';
import { SelectField } from '@/components/ui/select-field';
import { useAgents } from '../../api/agents/get-agents';
import { usePageParam } from '@/lib/use-page-param';
import { AgentStatusBadge } from './agent-status-badge';
import { areaNames } from './area-names';
import { DecisionDialog, NEXT_DECISIONS } from './decision-dialog';

function isStatus(value: string | null): value is AgentStatus {
  return (AGENT_STATUSES as readonly string[]).includes(value ?? '');
}

/** The table's columns; each business name links to that agent's page. */
const columnsFor = (agentHref: (id: number) => string): Column<Agent>[] => [
  {
    header: 'Business',
    cell: (agent) => (
      <>
        <Link to={agentHref(agent.id)} className="block font-medium text-brand-700 underline-offset-2 hover:underline">
          {agent.business_name}
        </Link>
        <span className="block text-xs break-all text-slate-600">{agent.business_email}</span>
      </>
    ),
  },
  {
    header: 'Phone',
    cell: (agent) => (agent.business_phone ? toLocalPhone(agent.business_phone) : '—'),
    className: 'tabular-nums whitespace-nowrap',
  },
  { header: 'Areas', cell: (agent) => areaNames(agent, '—') },
  { header: 'CAC', cell: (agent) => agent.cac_number ?? '—' },
  {
    header: 'Status',
    cell: (agent) => (
      <>
        <AgentStatusBadge status={agent.status} />
        {agent.decision_note && <span className="mt-1 block text-xs text-slate-600">{agent.decision_note}</span>}
      </>
    ),
  },
  {
    header: 'Action',
    cell: (agent) => (
      <div className="flex flex-wrap gap-2">
        {NEXT_DECISIONS[agent.status].map((decision) => (
          <DecisionDialog key={decision} agent={agent} decision={decision} />
        ))}
      </div>
    ),
  },
];

/** Agent applications and agents, filtered by status, with Approve / Reject / Suspend. */
export function AgentsScreen({ agentHref }: { agentHref: (id: number) => string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [page, setPage] = usePageParam();
  const raw = searchParams.get('status');
  const status = isStatus(raw) ? raw : undefined;
  const { data, isPending, isFetching, isPlaceholderData } = useAgents({ page, status });

  const setStatus = (next: string) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      params.delete('page');
      if (next) params.set('status', next);
      else params.delete('status');
      return params;
    });

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h1 className="text-2xl font-bold text-slate-900">Agents</h1>
        <SelectField
          label="Status"
          containerClassName="sm:w-56"
          value={status ?? ''}
          onChange={(event) => setStatus(event.target.value)}
        >
          <option value="">All</option>
          {AGENT_STATUSES.map((value) => (
            <option key={value} value={value} className="capitalize">
              {value.charAt(0).toUpperCase() + value.slice(1)}
            </option>
          ))}
        </SelectField>
      </div>
      <DataTable
        caption="Agents"
        columns={columnsFor(agentHref)}
        rows={data?.data}
        rowKey={(agent) => agent.id}
        isLoading={isPending || (isFetching && isPlaceholderData)}
        firstRowNumber={data ? (data.current_page - 1) * data.per_page + 1 : 1}
      />
      <Pager page={data} onPageChange={setPage} disabled={isPlaceholderData} label="Agents pages" />
    </div>
  );
}
