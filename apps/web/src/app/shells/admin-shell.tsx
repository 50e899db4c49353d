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
  ShieldCheck,
  ShoppingBag,
  Smartphone,
  Tags,
  Ticket,
  UsersRound,
} from 'lucide-react';
import { useLocation } from 'react-router';
import { PendingAgentsBadge, UnacceptedOrdersBadge } from '@/features/admin/components/alert-badges';
import { staffMayUse, type StaffRole } from '@ruwa/contract/staff-roles';
import { TwoFactorRequired } from '@/features/admin/components/settings/two-factor-required';
import { useTwoFactorRequired } from '@/features/admin/utils/two-factor-required';
import { useSession } from '@/lib/session';
import { paths } from '../paths';
import type { TwoFactorSetupState } from '../session-expiry';
import type { NavItem } from './nav-item';
import { SidebarShell } from './sidebar-shell';

/**
 * The admin sidebar, in this order.
 */
export const adminNavItems: NavItem[] = [
  { to: paths.admin.dashboard.path, label: 'Dashboard', icon: LayoutDashboard, end: true, api: '/api/admin/dashboard' },
  { to: paths.admin.locations.path, label: 'Locations', icon: MapPin, api: '/api/location/index' },
  { to: paths.admin.productCategory.path, label: 'Product Category', icon: Tags, api: '/api/product/category/store' },
  { to: paths.admin.products.path, label: 'Products', icon: Package, api: '/api/products/index' },
  { to: paths.admin.raffleTickets.path, label: 'Raffle Tickets', icon: Ticket, api: '/api/raffle-tickets/index' },
  { to: paths.admin.settings.path, label: 'Settings', icon: Settings, api: '/api/admin/settings' },
  // Not in the spec's sidebar: kept after its entries (Raffle Tickets and Settings go above this line).
  {
    to: paths.admin.orders.path,
    label: 'Orders',
    icon: ShoppingBag,
    api: '/api/admin/orders',
    badge: UnacceptedOrdersBadge,
  },
  {
    to: paths.admin.agents.path,
    label: 'Agents',
    icon: UsersRound,
    api: '/api/agents/index',
    badge: PendingAgentsBadge,
  },
  // The admin's own notifications (orders no agent took, applications) and the push alerts switch.
  { to: paths.admin.notifications.path, label: 'Notifications', icon: Bell, api: '/api/notifications' },
  { to: paths.admin.customers.path, label: 'Customers', icon: Contact, api: '/api/admin/customers' },
  { to: paths.admin.withdrawals.path, label: 'Withdrawals', icon: Banknote, api: '/api/admin/withdrawals' },
  { to: paths.admin.support.path, label: 'Support', icon: LifeBuoy, api: '/api/admin/support/cases' },
  { to: paths.admin.dataBundles.path, label: 'Data bundles', icon: Smartphone, api: '/api/admin/data-bundles' },
  { to: paths.admin.audit.path, label: 'Audit', icon: History, api: '/api/admin/audit' },
  { to: paths.admin.ledger.path, label: 'Ledger', icon: BookOpenCheck, api: '/api/admin/ledger/trial-balance' },
  {
    to: paths.admin.profitAndLoss.path,
    label: 'Profit and loss',
    icon: ChartNoAxesCombined,
    api: '/api/admin/ledger/profit-and-loss',
  },
  { to: paths.admin.reconciliation.path, label: 'Reconciliation', icon: Scale, api: '/api/admin/reconciliation' },
  { to: paths.admin.staff.path, label: 'Staff', icon: ShieldCheck, api: '/api/admin/staff' },
];

/**
 * The entries this staff role may use: the server refuses the others (403), so they are not shown.
 * An entry that names no API path is the owners' alone, as an unlisted admin route is.
 */
export const navItemsFor = (role: StaffRole | null | undefined, items: NavItem[] = adminNavItems) =>
  items.filter((item) => (item.api ? staffMayUse(role, item.api) : role === 'owner'));

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
  const staffRole = useSession().user?.staff_role;
  return (
    <SidebarShell
      area="Admin"
      homeHref={paths.admin.dashboard.getHref()}
      homeLabel="Ruwa admin dashboard"
      navItems={navItemsFor(staffRole)}
      screen={mustSetUpTwoFactor ? <TwoFactorRequired returnTo={returnTo} /> : undefined}
    />
  );
}
