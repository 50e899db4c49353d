import { StaffScreen } from '@/features/admin/components/staff/staff-screen';

export function AdminStaffRoute() {
  return <StaffScreen />;
}
