import { useState } from 'react';
import type { Order } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Pager } from '@/components/ui/pager';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useAgentOrders } from '../api/get-agent-orders';
import { useUpdateOrderStatus } from '../api/update-order-status';
import { LoadError } from './load-error';
import { ListSkeleton } from './list-skeleton';
import { OrderCard } from './order-card';

/** The orders the agent accepted: out for delivery, then delivered (asked first: it pays out). */
export function MyOrders() {
  const [page, setPage] = useState(1);
  const orders = useAgentOrders('mine', page);

  return (
    <section aria-labelledby="my-orders-heading" className="space-y-3">
      <h2 id="my-orders-heading" className="text-lg font-semibold text-slate-900">
        My orders
      </h2>
      {orders.isPending ? (
        <ListSkeleton />
      ) : orders.isError ? (
        <LoadError message={orders.error.message} onRetry={() => void orders.refetch()} />
      ) : orders.data.data.length === 0 ? (
        <p className="rounded-xl bg-white p-4 text-sm text-slate-700 ring-1 ring-slate-200">
          You have not accepted any orders yet.
        </p>
      ) : (
        <ul aria-label="My orders" className="space-y-3">
          {orders.data.data.map((order) => (
            <li key={order.id}>
              <OrderCard order={order} actions={<DeliveryActions order={order} />} />
            </li>
          ))}
        </ul>
      )}
      <Pager page={orders.data} onPageChange={setPage} disabled={orders.isPlaceholderData} label="My orders pages" />
    </section>
  );
}

function DeliveryActions({ order }: { order: Order }) {
  const move = useUpdateOrderStatus();
  const [confirming, setConfirming] = useState(false);
  const run = (status: 'out_for_delivery' | 'delivered') =>
    move.mutate(
      { id: order.id, status },
      {
        onSuccess: (result) => {
          setConfirming(false);
          notifySuccess(result.message || 'Order status has been updated');
        },
        onError: (error) => {
          setConfirming(false);
          notifyError(error.message);
        },
      },
    );

  if (order.status === 'assigned') {
    return (
      <Button
        size="sm"
        aria-label={`Out for delivery: order #${order.id}`}
        loading={move.isPending}
        onClick={() => run('out_for_delivery')}
      >
        Out for delivery
      </Button>
    );
  }
  if (order.status === 'out_for_delivery') {
    return (
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        trigger={
          <Button size="sm" aria-label={`Delivered: order #${order.id}`}>
            Delivered
          </Button>
        }
        title={`Mark order #${order.id} as delivered?`}
        description={`Only confirm once ${order.product_name} × ${order.quantity} is with the customer. This cannot be undone.`}
        confirmLabel="Yes, delivered"
        destructive={false}
        loading={move.isPending}
        onConfirm={() => run('delivered')}
      />
    );
  }
  return null;
}
