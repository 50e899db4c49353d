import { AgentDashboardScreen } from '@/features/agent/components/agent-dashboard';
import { paths } from '../../paths';

export function AgentDashboardRoute() {
  return <AgentDashboardScreen settingsHref={paths.agent.setting.getHref()} />;
}
