import { ArrowLeft, Coins, LayoutDashboard, ReceiptText, Settings } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../paths';
import type { NavItem } from './nav-item';
import { SidebarShell } from './sidebar-shell';

/** Sidebar (Dashboard, Rewards, Transactions, Settings). */
export const agentNavItems: NavItem[] = [
  { to: paths.agent.dashboard.path, label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: paths.agent.rewards.path, label: 'Rewards', icon: Coins },
  { to: paths.agent.transactions.path, label: 'Transactions', icon: ReceiptText },
  { to: paths.agent.setting.path, label: 'Settings', icon: Settings },
];

export function AgentShell() {
  return (
    <SidebarShell
      area="Agent"
      homeHref={paths.agent.dashboard.getHref()}
      homeLabel="Ruwa agent dashboard"
      navItems={agentNavItems}
      footer={
        <Link
          to={paths.app.profile.getHref()}
          className="flex items-center gap-2 rounded-lg text-sm font-medium text-brand-700 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to the Ruwa app
        </Link>
      }
    />
  );
}
