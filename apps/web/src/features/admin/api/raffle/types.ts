export type AdminRaffleTicket = {
  id: number;
  slug: string;
  expiration_date: string;
  status: 'live' | 'won' | 'expired';
  owner: { id: number; name: string; email: string } | null;
};

export type RaffleWinner = { firstName: string; lastName: string; email: string; phoneNumber: string };

/** A draw as GET raffle-tickets/draw and GET raffle-draws/index return it. */
export type RaffleDraw = {
  id: number;
  slug: string;
  candidates_count: number;
  drawn_at: string;
  winner: RaffleWinner;
};
