import { useState } from 'react';
import {
  BookOpenCheck,
  Contact,
  History,
  Scale,
  LayoutDashboard,
  MapPin,
  Menu,
  Package,
  Settings,
  ShoppingBag,
  Smartphone,
  Tags,
  Ticket,
  UsersRound,
  X,
} from 'lucide-react';
import { Link, NavLink, Outlet, useNavigate } from 'react-router';
import { OfflineBanner } from '@/features/offline/components/offline-banner';
import { LogoutButton } from '@/features/auth/components/logout-button';
import { Button } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { useSession } from '@/lib/session';
import { cn } from '@/lib/utils';
import { paths } from '../paths';
import type { NavItem } from './nav-item';

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

const SIDEBAR_ID = 'admin-sidebar';

export function AdminShell() {
  const navigate = useNavigate();
  const { user } = useSession();
  const [open, setOpen] = useState(false);

  return (
    <div className="min-h-dvh bg-slate-50 lg:flex">
      <header className="sticky top-0 z-20 flex items-center justify-between border-b border-slate-200 bg-white px-4 py-2.5 lg:hidden">
        <Link to={paths.admin.dashboard.getHref()} aria-label="Ruwa admin dashboard">
          <Logo />
        </Link>
        <Button
          variant="ghost"
          size="icon"
          aria-expanded={open}
          aria-controls={SIDEBAR_ID}
          aria-label="Menu"
          onClick={() => setOpen((isOpen) => !isOpen)}
        >
          {open ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
        </Button>
      </header>

      <aside
        id={SIDEBAR_ID}
        className={cn(
          'border-b border-slate-200 bg-white lg:sticky lg:top-0 lg:flex lg:h-dvh lg:w-64 lg:shrink-0 lg:flex-col lg:border-r lg:border-b-0',
          open ? 'flex flex-col' : 'hidden',
        )}
      >
        <div className="hidden px-5 py-5 lg:block">
          <Link to={paths.admin.dashboard.getHref()} aria-label="Ruwa admin dashboard">
            <Logo />
          </Link>
          <p className="mt-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">Admin</p>
        </div>
        <nav aria-label="Admin" className="flex-1 px-3 py-2">
          <ul className="space-y-1">
            {adminNavItems.map(({ to, label, icon: Icon, end }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end={end}
                  onClick={() => setOpen(false)}
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium',
                      isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100',
                    )
                  }
                >
                  <Icon className="size-5" aria-hidden="true" />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="border-t border-slate-200 p-4">
          {user && <p className="mb-3 truncate text-sm text-slate-700">{user.email}</p>}
          <LogoutButton block onLoggedOut={() => navigate(paths.auth.login.getHref(), { replace: true })} />
        </div>
      </aside>

      <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none lg:p-8">
        <OfflineBanner className="mb-4 overflow-hidden rounded-lg" />
        <Outlet />
      </main>
    </div>
  );
}
