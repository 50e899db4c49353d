import { DashboardScreen } from '@/features/admin/components/dashboard/dashboard-screen';

export function AdminDashboardRoute() {
  return <DashboardScreen />;
}
