import { LedgerScreen } from '@/features/admin/components/ledger/ledger-screen';

export function AdminLedgerRoute() {
  return <LedgerScreen />;
}
