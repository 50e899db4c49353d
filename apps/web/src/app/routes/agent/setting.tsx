import { SettingsScreen } from '@/features/agent/components/settings-screen';
import { PushAlertsSwitch } from '@/features/live-updates/components/push-alerts-switch';

export function AgentSettingRoute() {
  return <SettingsScreen alerts={<PushAlertsSwitch label="New order alerts on this phone" />} />;
}
