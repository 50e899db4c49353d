import { AuditScreen } from '@/features/admin/components/audit/audit-screen';

export function AdminAuditRoute() {
  return <AuditScreen />;
}
