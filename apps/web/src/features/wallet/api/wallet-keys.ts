import type { QueryClient } from '@tanstack/react-query';
import type { Wallet } from '@ruwa/contract';

/** Query keys of the wallet screens; everything under ['wallet'] changes when money moves. */
export const walletKeys = {
  all: ['wallet'] as const,
  me: () => ['wallet', 'me'] as const,
  transactions: () => ['wallet', 'transactions'] as const,
  transactionsPage: (page: number) => ['wallet', 'transactions', page] as const,
  banks: () => ['banks', 'list'] as const,
  resolve: (accountNumber: string, bankCode: string) => ['banks', 'resolve', accountNumber, bankCode] as const,
};

/**
 * After money moved: shows the wallet the server answered with at once, and refetches the
 * transactions (and the wallet, when the answer did not carry it).
 */
export function walletChanged(queryClient: QueryClient, wallet?: Wallet): void {
  if (wallet) queryClient.setQueryData(walletKeys.me(), wallet);
  void queryClient.invalidateQueries({ queryKey: wallet ? walletKeys.transactions() : walletKeys.all });
}
