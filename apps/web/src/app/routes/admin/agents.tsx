import { AgentsScreen } from '@/features/admin/components/agents/agents-screen';

export function AdminAgentsRoute() {
  return <AgentsScreen />;
}
