import { RewardsScreen } from '@/features/agent/components/rewards-screen';

export function AgentRewardsRoute() {
  return <RewardsScreen />;
}
