export const rewardsKeys = {
  all: ['rewards'] as const,
  total: () => [...rewardsKeys.all, 'total'] as const,
  referralsPage: (page: number) => [...rewardsKeys.all, 'referrals', page] as const,
  ticketsPage: (page: number) => [...rewardsKeys.all, 'tickets', page] as const,
};
