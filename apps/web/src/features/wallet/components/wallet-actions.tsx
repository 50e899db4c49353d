import type { ComponentProps, ReactNode } from 'react';
import { ArrowDownToLine, ArrowUpFromLine, Gift, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/utils';

const tileClass =
  'flex w-full cursor-pointer flex-col items-center gap-1.5 rounded-xl p-2 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60';

function TileIcon({ icon: Icon }: { icon: LucideIcon }) {
  return (
    <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
      <Icon className="size-6" aria-hidden="true" />
    </span>
  );
}

export function ActionLink({ to, icon, label }: { to: string; icon: LucideIcon; label: string }) {
  return (
    <Link to={to} className={tileClass}>
      <TileIcon icon={icon} />
      {label}
    </Link>
  );
}

export function ActionButton({
  icon,
  label,
  className,
  ...props
}: ComponentProps<'button'> & { icon: LucideIcon; label: string }) {
  return (
    <button type="button" className={cn(tileClass, className)} {...props}>
      <TileIcon icon={icon} />
      {label}
    </button>
  );
}

type WalletActionsProps = {
  depositHref: string;
  withdrawHref: string;
  /** Rewards shows only once its screen exists. */
  rewardsHref?: string;
  /** The Savings action (it opens the savings pocket). */
  savings: ReactNode;
};

/** Deposit, Withdraw, Savings, Rewards. */
export function WalletActions({ depositHref, withdrawHref, rewardsHref, savings }: WalletActionsProps) {
  return (
    <nav aria-label="Wallet actions">
      <ul className={cn('grid gap-2', rewardsHref ? 'grid-cols-4' : 'grid-cols-3')}>
        <li>
          <ActionLink to={depositHref} icon={ArrowDownToLine} label="Deposit" />
        </li>
        <li>
          <ActionLink to={withdrawHref} icon={ArrowUpFromLine} label="Withdraw" />
        </li>
        <li>{savings}</li>
        {rewardsHref && (
          <li>
            <ActionLink to={rewardsHref} icon={Gift} label="Rewards" />
          </li>
        )}
      </ul>
    </nav>
  );
}
