import { RaffleDrawScreen } from '@/features/admin/components/raffle/raffle-draw-screen';
import { paths } from '../../paths';

export function AdminRaffleDrawRoute() {
  return <RaffleDrawScreen ticketsHref={paths.admin.raffleTickets.getHref()} />;
}
