import { SettingsScreen } from '@/features/admin/components/settings/settings-screen';

export function AdminSettingsRoute() {
  return <SettingsScreen />;
}
