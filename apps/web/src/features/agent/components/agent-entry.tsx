import { Clock, LayoutDashboard, ShieldAlert, Store, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import type { AgentStatus } from '@ruwa/contract';
import { Button } from '@/components/ui/button';

type AgentEntryProps = {
  /** The stored user's agent record (null: never applied). */
  agent: { id: number; status: AgentStatus } | null;
  dashboardHref: string;
  applyHref: string;
  /** Where "Contact support" leads (the Help screen). */
  helpHref?: string;
};

const NOTICES = {
  pending: {
    icon: Clock,
    title: 'Agent application: pending',
    text: 'We are reviewing your application. You will get a notification when it is decided.',
    support: null,
  },
  rejected: {
    icon: XCircle,
    title: 'Agent application: not approved',
    text: 'Your application to become an agent was not approved.',
    support: 'to find out more.',
  },
  suspended: {
    icon: ShieldAlert,
    title: 'Agent account: suspended',
    text: 'Your agent account is suspended.',
    support: 'to restore it.',
  },
} as const;

/**
 * The profile's way into the agent programme: 'Dashboard' for an approved agent,
 * 'Become an agent' for everyone who has not applied, and where the application stands otherwise.
 */
export function AgentEntry({ agent, dashboardHref, applyHref, helpHref }: AgentEntryProps) {
  if (!agent) {
    return (
      <Button asChild variant="outline" size="sm">
        <Link to={applyHref}>
          <Store className="size-4" aria-hidden="true" />
          Become an agent
        </Link>
      </Button>
    );
  }
  if (agent.status === 'approved') {
    return (
      <Button asChild size="sm">
        <Link to={dashboardHref}>
          <LayoutDashboard className="size-4" aria-hidden="true" />
          Dashboard
        </Link>
      </Button>
    );
  }
  const notice = NOTICES[agent.status];
  const Icon = notice.icon;
  return (
    <div role="status" className="flex w-full gap-3 rounded-xl bg-slate-100 p-4 text-left text-sm text-slate-800">
      <Icon className="mt-0.5 size-5 shrink-0 text-slate-700" aria-hidden="true" />
      <div>
        <p className="font-semibold text-slate-900">{notice.title}</p>
        <p className="mt-0.5">
          {notice.text}
          {notice.support && (
            <>
              {' '}
              {helpHref ? (
                <Link to={helpHref} className="font-medium text-brand-700 underline underline-offset-4">
                  Contact support
                </Link>
              ) : (
                'Contact support'
              )}{' '}
              {notice.support}
            </>
          )}
        </p>
      </div>
    </div>
  );
}
