/** One referral bonus (GET users/me/referral-rewards); `amount` is in naira. */
export type ReferralReward = {
  id: number;
  title: string;
  type: string;
  description: string;
  amount: number;
  created_at: string;
};

export type RaffleTicketStatus = 'live' | 'won' | 'expired';

/** One of the user's raffle tickets (GET raffle-tickets/me); the date is YYYY-MM-DD. */
export type RaffleTicket = {
  id: number;
  slug: string;
  expiration_date: string;
  status: RaffleTicketStatus;
  created_at: string;
};
