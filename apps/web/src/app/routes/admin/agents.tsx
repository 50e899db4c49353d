import { AgentsScreen } from '@/features/admin/components/agents/agents-screen';
import { paths } from '../../paths';

export function AdminAgentsRoute() {
  return <AgentsScreen agentHref={paths.admin.agentsShow.getHref} />;
}
