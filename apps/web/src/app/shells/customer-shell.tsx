import { lazy, Suspense, useEffect, useState } from 'react';
import { Bell, House, UserRound, Wallet } from 'lucide-react';
import { Link, NavLink, Outlet } from 'react-router';
import { OfflineBanner } from '@/features/offline/components/offline-banner';
import { UnreadBadge } from '@/features/notifications/components/unread-badge';
import { Avatar } from '@/components/ui/avatar';
import { Logo } from '@/components/ui/logo';
import { useSession } from '@/lib/session';
import { usePinRequest } from '@/lib/wallet-pin';
import { cn } from '@/lib/utils';
import { paths } from '../paths';
import type { NavItem } from './nav-item';

/**
 * Bottom tabs, in this order: Home, Notification (/notifications), Profile, Wallet (/wallet).
 */
export const customerNavItems: NavItem[] = [
  { to: paths.app.home.path, label: 'Home', icon: House },
  { to: paths.app.notifications.path, label: 'Notification', icon: Bell, badge: UnreadBadge },
  { to: paths.app.profile.path, label: 'Profile', icon: UserRound },
  { to: paths.app.wallet.path, label: 'Wallet', icon: Wallet },
];

const WalletPinSheet = lazy(async () => ({
  default: (await import('@/features/wallet/components/wallet-pin-sheet')).WalletPinSheet,
}));

/** The wallet PIN sheet, loaded the first time money is about to leave the wallet. */
function WalletPinHost() {
  const pending = usePinRequest();
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (pending) setNeeded(true);
  }, [pending]);
  return needed ? (
    <Suspense fallback={null}>
      <WalletPinSheet codeResetHref={paths.app.walletPinReset.getHref()} />
    </Suspense>
  ) : null;
}

export function CustomerShell() {
  const { user } = useSession();
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-md flex-col bg-white shadow-sm md:my-0">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-brand-700 px-3 py-2 text-white focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {/* One height with or without the customer's name: home's first paint comes from HTML rendered
          before anyone signed in (src/prerender.tsx), and the screen must not move when the app starts. */}
      <header className="sticky top-0 z-20 flex h-15 items-center justify-between gap-3 border-b border-slate-200 bg-white/95 px-4 py-2.5 backdrop-blur">
        <Link to={paths.app.home.getHref()} className="rounded-md" aria-label="Ruwa home">
          <Logo />
        </Link>
        {user && (
          <Link
            to={paths.app.profile.getHref()}
            className="flex min-w-0 items-center gap-2 rounded-lg p-1 hover:bg-slate-50"
          >
            {/* Named by its own text, so what is read out contains what is seen (speech input users
                say the visible words); the hidden parts only add where the link goes. */}
            <span className="min-w-0 text-right leading-tight">
              <span className="sr-only">Your profile:</span>{' '}
              <span className="block truncate text-sm font-semibold text-slate-900">{user.first_name}</span>
              <span className="sr-only">,</span>{' '}
              <span className="block truncate text-xs text-slate-600">{user.email}</span>
            </span>
            <Avatar src={user.picture} firstName={user.first_name} lastName={user.last_name} size="sm" />
          </Link>
        )}
      </header>
      <OfflineBanner />

      <main id="main" tabIndex={-1} className="flex-1 px-4 pt-4 pb-24 outline-none">
        <Outlet />
      </main>
      <WalletPinHost />

      <nav
        aria-label="Main"
        data-fixed-tab-bar
        className="fixed inset-x-0 bottom-0 z-20 mx-auto w-full max-w-md border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)]"
      >
        <ul className="flex h-(--tab-bar-height)">
          {customerNavItems.map(({ to, label, icon: Icon, end, badge: Badge }) => (
            <li key={to} className="flex-1">
              <NavLink
                to={to}
                end={end}
                className={({ isActive }) =>
                  cn(
                    'relative flex flex-col items-center gap-0.5 py-2 text-xs font-medium',
                    isActive ? 'text-brand-700' : 'text-slate-600 hover:text-slate-900',
                  )
                }
              >
                <Icon className="size-6" aria-hidden="true" />
                {Badge ? <Badge label={label} /> : label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
