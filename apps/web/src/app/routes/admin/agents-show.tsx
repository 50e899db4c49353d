import { useParams } from 'react-router';
import { AgentDetailScreen } from '@/features/admin/components/agents/agent-detail-screen';
import { paths } from '../../paths';

export function AdminAgentShowRoute() {
  const raw = useParams().id;
  const id = Number(raw);
  const valid = raw !== undefined && /^\d+$/.test(raw) && Number.isSafeInteger(id) && id > 0;
  return <AgentDetailScreen key={raw} id={valid ? id : null} backHref={paths.admin.agents.getHref()} />;
}
