import { SettingsScreen } from '@/features/agent/components/settings-screen';

export function AgentSettingRoute() {
  return <SettingsScreen />;
}
