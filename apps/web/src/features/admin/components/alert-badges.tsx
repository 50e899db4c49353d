import { NavCount } from '@/components/ui/nav-count';
import { useAlertCounts } from '../api/get-alert-counts';

/** Every text of the admin sidebar's badges, kept together so they can move into the message catalogs. */
export const ALERT_BADGE_TEXTS = {
  unacceptedOrders: 'waiting for an agent',
  pendingAgents: 'to review',
};

/** The Orders entry with the number of paid orders no agent took in time; gone once they are taken. */
export function UnacceptedOrdersBadge({ label }: { label: string }) {
  const { data } = useAlertCounts();
  return <NavCount label={label} count={data?.unaccepted_orders} unit={ALERT_BADGE_TEXTS.unacceptedOrders} />;
}

/** The Agents entry with the number of applications waiting for a decision. */
export function PendingAgentsBadge({ label }: { label: string }) {
  const { data } = useAlertCounts();
  return <NavCount label={label} count={data?.pending_agents} unit={ALERT_BADGE_TEXTS.pendingAgents} />;
}
