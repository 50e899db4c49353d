import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useAcceptOrder } from '../api/accept-order';
import { useAgentOrders } from '../api/get-agent-orders';
import { ListSkeleton } from './list-skeleton';
import { LoadError } from './load-error';
import { OrderCard } from './order-card';

/** Paid orders in the agent's location for what they sell, each with 'Accept'. */
export function OpenOrders({ settingsHref }: { settingsHref: string }) {
  const [page, setPage] = useState(1);
  const orders = useAgentOrders('open', page);
  const accept = useAcceptOrder();

  return (
    <section aria-labelledby="open-orders-heading" className="space-y-3">
      <h2 id="open-orders-heading" className="text-lg font-semibold text-slate-900">
        Open orders
      </h2>
      {orders.isPending ? (
        <ListSkeleton />
      ) : orders.isError ? (
        <LoadError message={orders.error.message} onRetry={() => void orders.refetch()} />
      ) : orders.data.data.length === 0 ? (
        <div className="rounded-xl bg-white p-4 text-sm text-slate-700 ring-1 ring-slate-200">
          <p>No open orders right now.</p>
          <p className="mt-1">
            You see orders in your location for what you sell. Check them in{' '}
            <Link to={settingsHref} className="font-medium text-brand-700 underline">
              Settings
            </Link>
            .
          </p>
        </div>
      ) : (
        <ul aria-label="Open orders" className="space-y-3">
          {orders.data.data.map((order) => (
            <li key={order.id}>
              <OrderCard
                order={order}
                actions={
                  <Button
                    size="sm"
                    aria-label={`Accept order #${order.id}`}
                    loading={accept.isPending && accept.variables === order.id}
                    disabled={accept.isPending}
                    onClick={() =>
                      accept.mutate(order.id, {
                        onSuccess: (result) => notifySuccess(result.message || 'Order accepted'),
                        onError: (error) => notifyError(error.message),
                      })
                    }
                  >
                    Accept
                  </Button>
                }
              />
            </li>
          ))}
        </ul>
      )}
      <Pager page={orders.data} onPageChange={setPage} disabled={orders.isPlaceholderData} label="Open orders pages" />
    </section>
  );
}
