import { TransactionsScreen } from '@/features/agent/components/transactions-screen';

export function AgentTransactionsRoute() {
  return <TransactionsScreen />;
}
