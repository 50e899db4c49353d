import { HeldWithdrawalsScreen } from '@/features/admin/components/withdrawals/held-withdrawals-screen';

export function AdminWithdrawalsRoute() {
  return <HeldWithdrawalsScreen />;
}
