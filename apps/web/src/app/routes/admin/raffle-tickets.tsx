import { RaffleTicketsScreen } from '@/features/admin/components/raffle/raffle-tickets-screen';
import { paths } from '../../paths';

export function AdminRaffleTicketsRoute() {
  return <RaffleTicketsScreen drawHref={paths.admin.raffleDraw.getHref()} />;
}
