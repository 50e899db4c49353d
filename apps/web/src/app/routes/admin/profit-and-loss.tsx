import { ProfitAndLossScreen } from '@/features/admin/components/ledger/profit-and-loss-screen';

export function AdminProfitAndLossRoute() {
  return <ProfitAndLossScreen />;
}
