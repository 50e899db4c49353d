/** Query keys of the agent area; every agent action invalidates `agentKeys.all`. */
export const agentKeys = {
  all: ['agent'] as const,
  me: () => ['agent', 'me'] as const,
  dashboard: () => ['agent', 'dashboard'] as const,
  orders: (scope: 'open' | 'mine', page: number) => ['agent', 'orders', scope, page] as const,
  rewards: (page: number) => ['agent', 'rewards', page] as const,
  transactions: (page: number) => ['agent', 'transactions', page] as const,
};
