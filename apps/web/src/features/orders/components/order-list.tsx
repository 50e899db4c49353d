import { purchaseReference } from '@ruwa/contract/purchase-reference';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import type { Order } from '@ruwa/contract';
import { formatNaira } from '@ruwa/contract/money';
import { Pager } from '@/components/ui/pager';
import { useMyOrders } from '../api/get-my-orders';
import { formatDate } from '../utils/format';
import { EmptyList, ListError, ListSkeleton } from './list-states';
import { OrderStatusBadge } from './status-badge';

type OrderListProps = {
  page: number;
  onPageChange: (page: number) => void;
  orderHref: (id: number) => string;
};

/** The user's orders, newest first; each opens its detail with the status history. */
export function OrderList({ page, onPageChange, orderHref }: OrderListProps) {
  const { data, isPending, isError, refetch, isPlaceholderData } = useMyOrders(page);
  if (isPending) return <ListSkeleton label="Loading your orders" />;
  if (isError && !data) return <ListError message="We could not load your orders." onRetry={() => void refetch()} />;
  if (data.data.length === 0) return <EmptyList />;
  return (
    <div>
      <ul className="space-y-3" aria-busy={isPlaceholderData || undefined}>
        {data.data.map((order) => (
          <li key={order.id}>
            <OrderCard order={order} href={orderHref(order.id)} />
          </li>
        ))}
      </ul>
      <Pager page={data} onPageChange={onPageChange} disabled={isPlaceholderData} label="Orders pages" />
    </div>
  );
}

function OrderCard({ order, href }: { order: Order; href: string }) {
  return (
    <Link
      to={href}
      className="flex items-center gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex items-start justify-between gap-2">
          <p className="font-semibold text-slate-900">
            <span className="sr-only">Order {purchaseReference('order', order.id)}: </span>
            {order.product_name}
          </p>
          <OrderStatusBadge status={order.status} />
        </div>
        <p className="text-sm text-slate-700">
          {order.quantity} x {formatNaira(order.unit_price)} ·{' '}
          <span className="font-semibold text-slate-900">{formatNaira(order.order_amount)}</span>
        </p>
        <p className="text-xs text-slate-600">
          {purchaseReference('order', order.id)} · {formatDate(order.created_at)}
          {order.payment_method === 'subscription' ? ' · Subscription delivery' : ''}
        </p>
      </div>
      <ChevronRight className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
    </Link>
  );
}
