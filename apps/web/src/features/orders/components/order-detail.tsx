import { Link } from 'react-router';
import type { Order } from '@ruwa/contract';
import { formatNaira } from '@ruwa/contract/money';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-client';
import { useOrder } from '../api/get-order';
import { toLocalPhone } from '@ruwa/contract/phone';
import { formatDate, formatDateTime } from '../utils/format';
import { ListError } from './list-states';
import { OrderStatusBadge } from './status-badge';
import { StatusTimeline } from './status-timeline';
import { BackLink } from '@/components/ui/back-link';

const METHODS: Record<Order['payment_method'], string> = {
  card: 'Card',
  wallet: 'Wallet',
  subscription: 'Subscription',
};

type OrderDetailProps = { id: number | null; backHref: string };

/** One of the user's orders: what, where, how it was paid, and its status history. */
export function OrderDetail({ id, backHref }: OrderDetailProps) {
  const { data: order, isPending, isError, error, refetch } = useOrder(id);
  const back = <BackLink to={backHref} label="Back to your orders" />;

  if (id === null || (isError && isApiError(error) && error.status === 404)) {
    return (
      <div className="space-y-4">
        {back}
        <div role="alert" className="space-y-3 rounded-xl bg-white p-6 text-center ring-1 ring-slate-200">
          <p className="text-slate-800">We could not find this order.</p>
          <Button asChild variant="outline" size="sm">
            <Link to={backHref}>Back to your orders</Link>
          </Button>
        </div>
      </div>
    );
  }
  if (isPending) {
    return (
      <div role="status" className="space-y-4">
        <span className="sr-only">Loading the order</span>
        <Skeleton className="h-8 w-40" />
        <Skeleton className="h-40 w-full" shape="card" />
        <Skeleton className="h-32 w-full" shape="card" />
      </div>
    );
  }
  if (isError) {
    return (
      <div className="space-y-4">
        {back}
        <ListError message={error.message || 'We could not load this order.'} onRetry={() => void refetch()} />
      </div>
    );
  }

  const rows: [string, string][] = [
    ['Quantity', `${order.quantity} x ${formatNaira(order.unit_price)}`],
    ['Items', formatNaira(order.order_sub_amount)],
    ['Delivery fee', order.delivery_fee > 0 ? formatNaira(order.delivery_fee) : 'Free'],
    ['Amount', formatNaira(order.order_amount)],
    ['Location', order.location_name],
    ['Address', order.recipient_address],
    ...(order.landmark ? ([['Landmark', order.landmark]] as [string, string][]) : []),
    ...(order.recipient_phone
      ? ([['Recipient phone', toLocalPhone(order.recipient_phone)]] as [string, string][])
      : []),
    ['Paid with', METHODS[order.payment_method] ?? order.payment_method],
    ...(order.transaction_id ? ([['Reference', order.transaction_id]] as [string, string][]) : []),
    ...(order.scheduled_for
      ? ([
          [
            'Delivery',
            `${formatDate(order.scheduled_for)}${order.delivery_window ? `, ${order.delivery_window}` : ''}`,
          ],
        ] as [string, string][])
      : []),
    ['Ordered', formatDateTime(order.created_at)],
  ];

  return (
    <div className="space-y-5">
      <div className="flex items-center gap-2">
        {back}
        <h1 className="text-2xl font-bold text-slate-900">Order #{order.id}</h1>
      </div>
      <section aria-labelledby="order-summary" className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-slate-200">
        <div className="flex items-start justify-between gap-2">
          <h2 id="order-summary" className="text-lg font-semibold text-slate-900">
            {order.product_name}
          </h2>
          <OrderStatusBadge status={order.status} />
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          {rows.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-slate-600">{term}</dt>
              <dd className="text-right break-words text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="order-history" className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-slate-200">
        <h2 id="order-history" className="text-lg font-semibold text-slate-900">
          Status history
        </h2>
        <StatusTimeline history={order.history ?? []} />
      </section>
    </div>
  );
}
