import { Skeleton } from '@/components/ui/skeleton';
import { useAgentDashboard } from '../api/get-agent-dashboard';
import { DashboardStats } from './dashboard-stats';
import { DeliveriesChart } from './deliveries-chart';
import { LoadError } from './load-error';
import { MyOrders } from './my-orders';
import { OpenOrders } from './open-orders';

/** The agent's home: figures, deliveries per day, open orders to accept and their own orders. */
export function AgentDashboardScreen({ settingsHref }: { settingsHref: string }) {
  const dashboard = useAgentDashboard();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Dashboard</h1>
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
      <div className="grid gap-6 lg:grid-cols-2">
        <OpenOrders settingsHref={settingsHref} />
        <MyOrders />
      </div>
    </div>
  );
}
