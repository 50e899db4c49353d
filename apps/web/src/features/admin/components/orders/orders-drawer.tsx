import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { formatNaira, toLocalPhone } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAdminOrder } from '../../api/orders/get-order';
import { formatOrderDate } from './orders-format';
import { OrdersDispatch } from './orders-dispatch';
import { StatusTimeline } from '@/components/ui/status-timeline';
import { OrderStatusActions } from './orders-status-actions';
import { OrderStatusBadge } from './orders-status-badge';

type OrdersDrawerProps = { orderId: number | null; onClose: () => void };

/** One order from the side: the customer, what was bought, its history, and the status actions. */
export function OrdersDrawer({ orderId, onClose }: OrdersDrawerProps) {
  return (
    <Dialog.Root open={orderId !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-30 bg-slate-900/50" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-30 flex w-full max-w-md flex-col bg-white shadow-xl focus:outline-none">
          {orderId !== null && <OrderPanel orderId={orderId} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function OrderPanel({ orderId }: { orderId: number }) {
  const { data: order, isPending, isError, error, refetch } = useAdminOrder(orderId);
  return (
    <>
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-5 py-4">
        <Dialog.Title className="text-lg font-semibold text-slate-900">Order #{orderId}</Dialog.Title>
        <Dialog.Close asChild>
          <Button variant="ghost" size="icon" aria-label="Close">
            <X className="size-5" aria-hidden="true" />
          </Button>
        </Dialog.Close>
      </div>
      <Dialog.Description className="sr-only">
        The order, its customer, its status history and actions.
      </Dialog.Description>
      <div className="flex-1 space-y-5 overflow-y-auto px-5 py-4">
        {isPending ? (
          <div role="status" className="space-y-3">
            <span className="sr-only">Loading the order</span>
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-32 w-full" />
          </div>
        ) : isError ? (
          <div role="alert" className="space-y-3">
            <p className="text-slate-800">{error.message}</p>
            <Button variant="outline" size="sm" onClick={() => void refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <>
            <section aria-labelledby="order-customer" className="space-y-1 text-sm">
              <h3 id="order-customer" className="font-semibold text-slate-900">
                Customer
              </h3>
              {order.customer ? (
                <>
                  <p className="text-slate-900">
                    {order.customer.first_name} {order.customer.last_name}
                  </p>
                  <p className="break-all text-slate-700">{order.customer.email}</p>
                  <p className="text-slate-700">{toLocalPhone(order.customer.phone_number)}</p>
                </>
              ) : (
                <p className="text-slate-600">Unknown customer</p>
              )}
            </section>
            <section aria-labelledby="order-items" className="space-y-2 text-sm">
              <div className="flex items-center justify-between gap-2">
                <h3 id="order-items" className="font-semibold text-slate-900">
                  {order.product_name}
                </h3>
                <OrderStatusBadge status={order.status} />
              </div>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                <dt className="text-slate-600">Quantity</dt>
                <dd className="text-right">
                  {order.quantity} x {formatNaira(order.unit_price)}
                </dd>
                <dt className="text-slate-600">Amount</dt>
                <dd className="text-right font-semibold">{formatNaira(order.order_amount)}</dd>
                <dt className="text-slate-600">Location</dt>
                <dd className="text-right">{order.location_name}</dd>
                <dt className="text-slate-600">Address</dt>
                <dd className="text-right break-words">{order.recipient_address}</dd>
                <dt className="text-slate-600">Paid with</dt>
                <dd className="text-right capitalize">{order.payment_method}</dd>
                {order.card_refund && (
                  <>
                    <dt className="text-slate-600">Card refund</dt>
                    <dd className="text-right">
                      {order.card_refund.status === 'pending'
                        ? 'Asked of Paystack, pending'
                        : order.card_refund.status === 'processed'
                          ? 'Back on the card'
                          : 'Failed: credited to the wallet'}
                    </dd>
                  </>
                )}
                {order.transaction_id && (
                  <>
                    <dt className="text-slate-600">Reference</dt>
                    <dd className="text-right font-mono text-xs break-all">{order.transaction_id}</dd>
                  </>
                )}
                <dt className="text-slate-600">Ordered</dt>
                <dd className="text-right">{formatOrderDate(order.created_at, true)}</dd>
              </dl>
            </section>
            <section aria-labelledby="order-agent" className="space-y-2">
              <h3 id="order-agent" className="text-sm font-semibold text-slate-900">
                Agent
              </h3>
              <OrdersDispatch order={order} />
            </section>
            <section aria-labelledby="order-actions" className="space-y-2">
              <h3 id="order-actions" className="text-sm font-semibold text-slate-900">
                Change status
              </h3>
              <OrderStatusActions key={`${order.id}-${order.status}`} order={order} />
            </section>
            <section aria-labelledby="order-history" className="space-y-2">
              <h3 id="order-history" className="text-sm font-semibold text-slate-900">
                Status history
              </h3>
              <StatusTimeline history={order.history ?? []} actorLabel={(actor) => actor} showTransitions />
            </section>
          </>
        )}
      </div>
    </>
  );
}
