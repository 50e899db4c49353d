import { WithdrawalsScreen } from '@/features/admin/components/withdrawals/withdrawals-screen';

export function AdminWithdrawalsRoute() {
  return <WithdrawalsScreen />;
}
