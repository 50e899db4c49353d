import { Link } from 'react-router';
import type { Order } from '@ruwa/contract';
import { formatNaira } from '@ruwa/contract/money';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-client';
import { useOrder } from '../api/get-order';
import { purchaseReference } from '@ruwa/contract/purchase-reference';
import { toLocalPhone } from '@ruwa/contract/phone';
import { deliveryWhen, formatDateTime } from '../utils/format';
import { ListError } from './list-states';
import { OrderStatusBadge } from './status-badge';
import { BackLink } from '@/components/ui/back-link';
import { StatusTimeline } from '@/components/ui/status-timeline';
import { useId, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PhoneContact } from '@/components/ui/phone-contact';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCancelOrder, type RefundTo } from '../api/cancel-order';

const METHODS: Record<Order['payment_method'], string> = {
  card: 'Card',
  wallet: 'Wallet',
  subscription: 'Subscription',
};

/** Where a refund to the card stands, as its customer reads it. */
const CARD_REFUND: Record<NonNullable<Order['card_refund']>['status'], string> = {
  pending: 'On its way back to your card (3–5 working days)',
  processed: 'Back on your card',
  failed: 'Your card could not take it: returned to your wallet instead',
};

type OrderDetailProps = {
  id: number | null;
  backHref: string;
  /** Where a purchase's receipt opens, by its reference (ORD-12). */
  receiptHref?: (reference: string) => string;
  /** More for the loaded order, below its actions (the app passes "Report a problem"). */
  extra?: (order: Order) => ReactNode;
};

/** Who moved the order, as its customer reads it. */
const ACTORS: Record<string, string> = { customer: 'you', admin: 'Ruwa', agent: 'your agent', system: 'Ruwa' };
const customerSeesActor = (actor: string) => ACTORS[actor] ?? actor;

/** One of the user's orders: what, where, how it was paid, and its status history. */
export function OrderDetail({ id, backHref, receiptHref, extra }: OrderDetailProps) {
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
    ...(order.card_refund ? ([['Refund', CARD_REFUND[order.card_refund.status]]] as [string, string][]) : []),
    ...(order.transaction_id ? ([['Reference', order.transaction_id]] as [string, string][]) : []),
    ...(order.scheduled_for ? ([['Delivery', deliveryWhen(order)]] as [string, string][]) : []),
    ['Ordered', formatDateTime(order.created_at)],
  ];

  return (
    <div className="space-y-5">
      <div className="flex items-center gap-2">
        {back}
        <h1 className="text-2xl font-bold text-slate-900">Order {purchaseReference('order', order.id)}</h1>
      </div>
      {receiptHref && (
        <Button asChild variant="outline" size="sm">
          <Link to={receiptHref(purchaseReference('order', order.id))}>View receipt</Link>
        </Button>
      )}
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
      {order.delivery_code && ['paid', 'assigned', 'out_for_delivery'].includes(order.status) && (
        <section aria-labelledby="delivery-code" className="space-y-1 rounded-xl bg-brand-50 p-4 ring-1 ring-brand-200">
          <h2 id="delivery-code" className="text-sm font-semibold text-slate-900">
            Delivery code
          </h2>
          <p
            className="text-3xl font-bold tracking-[0.3em] text-slate-900 tabular-nums"
            aria-label="Your delivery code"
          >
            {order.delivery_code}
          </p>
          <p className="text-sm text-slate-700">Give this code to the agent only when your order is in your hands.</p>
        </section>
      )}
      {order.agent && (
        <section aria-labelledby="order-agent" className="space-y-2 rounded-xl bg-white p-4 ring-1 ring-slate-200">
          <h2 id="order-agent" className="text-lg font-semibold text-slate-900">
            Your agent
          </h2>
          <p className="text-slate-900">
            {order.agent.business_name}
            {order.agent.first_name && <span className="text-slate-600"> · {order.agent.first_name}</span>}
          </p>
          {order.agent.phone_number && (
            <PhoneContact name={order.agent.business_name} phone={order.agent.phone_number} />
          )}
        </section>
      )}
      {(order.status === 'paid' || order.status === 'assigned') && <CancelOrder order={order} />}
      {extra?.(order)}
      <section aria-labelledby="order-history" className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-slate-200">
        <h2 id="order-history" className="text-lg font-semibold text-slate-900">
          Status history
        </h2>
        <StatusTimeline history={order.history ?? []} actorLabel={customerSeesActor} />
      </section>
    </div>
  );
}

const choiceClass =
  'flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-900 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600';

const REFUND_CHOICES: { value: RefundTo; label: string }[] = [
  { value: 'wallet', label: 'Back to my wallet (now)' },
  { value: 'card', label: 'Back to my card (3–5 working days)' },
];

/**
 * Cancels an order nobody has set off with yet. The money goes back to the wallet at once; an order
 * paid by card may instead go back to the card, which takes the bank a few working days.
 */
function CancelOrder({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  const [refundTo, setRefundTo] = useState<RefundTo>('wallet');
  const cancel = useCancelOrder();
  const id = useId();
  const amount = formatNaira(order.order_amount);
  const paidByCard = order.payment_method === 'card';
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" block>
          Cancel order
        </Button>
      }
      title={`Cancel order #${order.id}?`}
      description={
        paidByCard && refundTo === 'card'
          ? `${amount} goes back to the card you paid with in 3–5 working days. This cannot be undone.`
          : `${amount} goes back to your Ruwa wallet straight away. This cannot be undone.`
      }
      confirmLabel="Yes, cancel and refund"
      loading={cancel.isPending}
      // Awaited rather than per-call callbacks: the refreshed order hides this button (unmounting
      // it) and the customer must still be told where the money went.
      onConfirm={async () => {
        try {
          const result = await cancel.mutateAsync({ id: order.id, refundTo: paidByCard ? refundTo : 'wallet' });
          setOpen(false);
          notifySuccess(result.message || 'Your order has been cancelled');
        } catch (error) {
          setOpen(false);
          notifyError(error instanceof Error ? error.message : 'We could not cancel the order.');
        }
      }}
    >
      {paidByCard && (
        <fieldset disabled={cancel.isPending}>
          <legend className="mb-1.5 text-sm font-medium text-slate-800">Where should the money go?</legend>
          <div className="grid gap-2">
            {REFUND_CHOICES.map((choice) => (
              <label key={choice.value} className={choiceClass}>
                <input
                  type="radio"
                  name={`${id}-refund-to`}
                  value={choice.value}
                  checked={refundTo === choice.value}
                  onChange={() => setRefundTo(choice.value)}
                  className="size-4 accent-brand-600"
                />
                {choice.label}
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </ConfirmDialog>
  );
}
