import {
  Bell,
  BookOpenCheck,
  ChartNoAxesCombined,
  Contact,
  LifeBuoy,
  History,
  Banknote,
  Scale,
  LayoutDashboard,
  MapPin,
  Package,
  Settings,
  ShoppingBag,
  Smartphone,
  Tags,
  Ticket,
  UsersRound,
} from 'lucide-react';
import { useLocation } from 'react-router';
import { PendingAgentsBadge, UnacceptedOrdersBadge } from '@/features/admin/components/alert-badges';
import { TwoFactorRequired } from '@/features/admin/components/settings/two-factor-required';
import { useTwoFactorRequired } from '@/features/admin/utils/two-factor-required';
import { paths } from '../paths';
import type { TwoFactorSetupState } from '../session-expiry';
import type { NavItem } from './nav-item';
import { SidebarShell } from './sidebar-shell';

/**
 * The admin sidebar, in this order.
 */
export const adminNavItems: NavItem[] = [
  { to: paths.admin.dashboard.path, label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: paths.admin.locations.path, label: 'Locations', icon: MapPin },
  { to: paths.admin.productCategory.path, label: 'Product Category', icon: Tags },
  { to: paths.admin.products.path, label: 'Products', icon: Package },
  { to: paths.admin.raffleTickets.path, label: 'Raffle Tickets', icon: Ticket },
  { to: paths.admin.settings.path, label: 'Settings', icon: Settings },
  // Not in the spec's sidebar: kept after its entries (Raffle Tickets and Settings go above this line).
  { to: paths.admin.orders.path, label: 'Orders', icon: ShoppingBag, badge: UnacceptedOrdersBadge },
  { to: paths.admin.agents.path, label: 'Agents', icon: UsersRound, badge: PendingAgentsBadge },
  // The admin's own notifications (orders no agent took, applications) and the push alerts switch.
  { to: paths.admin.notifications.path, label: 'Notifications', icon: Bell },
  { to: paths.admin.customers.path, label: 'Customers', icon: Contact },
  { to: paths.admin.withdrawals.path, label: 'Withdrawals', icon: Banknote },
  { to: paths.admin.support.path, label: 'Support', icon: LifeBuoy },
  { to: paths.admin.dataBundles.path, label: 'Data bundles', icon: Smartphone },
  { to: paths.admin.audit.path, label: 'Audit', icon: History },
  { to: paths.admin.ledger.path, label: 'Ledger', icon: BookOpenCheck },
  { to: paths.admin.profitAndLoss.path, label: 'Profit and loss', icon: ChartNoAxesCombined },
  { to: paths.admin.reconciliation.path, label: 'Reconciliation', icon: Scale },
];

/**
 * Where the server requires admins to have two-factor sign-in and this one has not set it up, every
 * admin call answers 403 two_factor_required: the setup then stands in for whichever screen was open.
 * An admin sent here by a refusal on a screen outside the admin area (session-expiry.ts) sees it at
 * once, and goes back to that screen once it is on.
 */
export function AdminShell() {
  const { state } = useLocation();
  const returnTo = (state as Partial<TwoFactorSetupState> | null)?.afterTwoFactorSetup;
  const mustSetUpTwoFactor = useTwoFactorRequired() || returnTo !== undefined;
  return (
    <SidebarShell
      area="Admin"
      homeHref={paths.admin.dashboard.getHref()}
      homeLabel="Ruwa admin dashboard"
      navItems={adminNavItems}
      screen={mustSetUpTwoFactor ? <TwoFactorRequired returnTo={returnTo} /> : undefined}
    />
  );
}
