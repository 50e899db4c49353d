import { ReconciliationScreen } from '@/features/admin/components/reconciliation/reconciliation-screen';

export function AdminReconciliationRoute() {
  return <ReconciliationScreen />;
}
