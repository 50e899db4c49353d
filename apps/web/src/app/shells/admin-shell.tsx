import {
  BookOpenCheck,
  Contact,
  History,
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
import { paths } from '../paths';
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
  { to: paths.admin.orders.path, label: 'Orders', icon: ShoppingBag },
  { to: paths.admin.agents.path, label: 'Agents', icon: UsersRound },
  { to: paths.admin.customers.path, label: 'Customers', icon: Contact },
  { to: paths.admin.dataBundles.path, label: 'Data bundles', icon: Smartphone },
  { to: paths.admin.audit.path, label: 'Audit', icon: History },
  { to: paths.admin.ledger.path, label: 'Ledger', icon: BookOpenCheck },
  { to: paths.admin.reconciliation.path, label: 'Reconciliation', icon: Scale },
];

export function AdminShell() {
  return (
    <SidebarShell
      area="Admin"
      homeHref={paths.admin.dashboard.getHref()}
      homeLabel="Ruwa admin dashboard"
      navItems={adminNavItems}
    />
  );
}
