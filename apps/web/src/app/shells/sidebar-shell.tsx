import { useState, type ReactNode } from 'react';
import { Menu, X } from 'lucide-react';
import { Link, NavLink, Outlet, useNavigate } from 'react-router';
import { OfflineBanner } from '@/features/offline/components/offline-banner';
import { LogoutButton } from '@/features/auth/components/logout-button';
import { Button } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { useSession } from '@/lib/session';
import { cn } from '@/lib/utils';
import { paths } from '../paths';
import type { NavItem } from './nav-item';

type SidebarShellProps = {
  /** "Admin" or "Agent": the sidebar's heading and its navigation's name. */
  area: string;
  /** Where the logo leads, and what it is called for a screen reader. */
  homeHref: string;
  homeLabel: string;
  navItems: NavItem[];
  /** Above the sign-out button, under the signed-in e-mail. */
  footer?: ReactNode;
  /** Shown in `main` instead of the address's screen, whatever the address (a step that must come first). */
  screen?: ReactNode;
};

/**
 * The workspace layout of admins and agents: a sidebar on a laptop, a menu button on a phone, the
 * screen in `main` (the skip link's target).
 */
export function SidebarShell({ area, homeHref, homeLabel, navItems, footer, screen }: SidebarShellProps) {
  const navigate = useNavigate();
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const sidebarId = `${area.toLowerCase()}-sidebar`;

  return (
    <div className="min-h-dvh bg-slate-50 lg:flex">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-brand-700 px-3 py-2 text-white focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-20 flex items-center justify-between border-b border-slate-200 bg-white px-4 py-2.5 lg:hidden">
        <Link to={homeHref} aria-label={homeLabel}>
          <Logo />
        </Link>
        <Button
          variant="ghost"
          size="icon"
          aria-expanded={open}
          aria-controls={sidebarId}
          aria-label="Menu"
          onClick={() => setOpen((isOpen) => !isOpen)}
        >
          {open ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
        </Button>
      </header>

      <aside
        id={sidebarId}
        className={cn(
          'border-b border-slate-200 bg-white lg:sticky lg:top-0 lg:flex lg:h-dvh lg:w-64 lg:shrink-0 lg:flex-col lg:border-r lg:border-b-0',
          open ? 'flex flex-col' : 'hidden',
        )}
      >
        <div className="hidden px-5 py-5 lg:block">
          <Link to={homeHref} aria-label={homeLabel}>
            <Logo />
          </Link>
          <p className="mt-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">{area}</p>
        </div>
        <nav aria-label={area} className="flex-1 px-3 py-2">
          <ul className="space-y-1">
            {navItems.map(({ to, label, icon: Icon, end, badge: Badge }) => (
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
                  {Badge ? <Badge label={label} /> : label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="space-y-3 border-t border-slate-200 p-4">
          {user && <p className="truncate text-sm text-slate-700">{user.email}</p>}
          {footer}
          <LogoutButton block onLoggedOut={() => navigate(paths.auth.login.getHref(), { replace: true })} />
        </div>
      </aside>

      <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none lg:p-8">
        <OfflineBanner className="mb-4 overflow-hidden rounded-lg" />
        {screen ?? <Outlet />}
      </main>
    </div>
  );
}
