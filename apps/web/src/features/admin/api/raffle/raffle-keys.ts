export const raffleKeys = {
  all: ['raffle'] as const,
  ticketsPage: (page: number) => [...raffleKeys.all, 'tickets', page] as const,
  drawsPage: (page: number) => [...raffleKeys.all, 'draws', page] as const,
};
