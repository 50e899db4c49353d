import { Skeleton } from '@/components/ui/skeleton';
import { useAgentDashboard } from '../api/get-agent-dashboard';
import { DashboardStats } from './dashboard-stats';
import { DeliveriesChart } from './deliveries-chart';
import { LoadError } from './load-error';
import { MyOrders } from './my-orders';
import { OpenOrders } from './open-orders';

export const AGENT_DASHBOARD_TEXTS = {
  title: 'Dashboard',
  figures: 'Your figures',
};

/**
 * The agent's home and where their phone opens: the work first (open orders to accept, then the
 * orders they hold), the figures and deliveries per day below, as an agent at work reaches for the
 * next order before the month's count.
 */
export function AgentDashboardScreen({ settingsHref }: { settingsHref: string }) {
  const dashboard = useAgentDashboard();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">{AGENT_DASHBOARD_TEXTS.title}</h1>
      <div className="grid gap-6 lg:grid-cols-2">
        <OpenOrders settingsHref={settingsHref} />
        <MyOrders />
      </div>
      <section aria-labelledby="agent-figures-heading" className="space-y-3">
        <h2 id="agent-figures-heading" className="text-lg font-semibold text-slate-900">
          {AGENT_DASHBOARD_TEXTS.figures}
        </h2>
        {dashboard.isError ? (
          <LoadError message={dashboard.error.message} onRetry={() => void dashboard.refetch()} />
        ) : (
          <>
            <DashboardStats data={dashboard.data} />
            {dashboard.data ? (
              <DeliveriesChart days={dashboard.data.deliveries_per_day} />
            ) : (
              <Skeleton className="h-48" />
            )}
          </>
        )}
      </section>
    </div>
  );
}
