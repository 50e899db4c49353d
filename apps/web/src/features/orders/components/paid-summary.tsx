import { Link } from 'react-router';
import { CircleCheck } from 'lucide-react';
import { formatNaira } from '@ruwa/contract/money';
import { formatDate } from '@ruwa/contract/dates';
import { purchaseReference } from '@ruwa/contract/purchase-reference';
import { deliveryWhen } from '../utils/format';
import { Button } from '@/components/ui/button';
import { useOrder } from '../api/get-order';
import type { PaidPurchase } from '../hooks/use-order-checkout';

export type PaidSummaryLinks = {
  viewOrder: string;
  /** The purchase's receipt, once it is known. */
  receipt?: string;
  buyAgain: string;
  profile: string;
};

type PaidSummaryProps = {
  /** What the checkout stored (navigation state); absent after a reload. */
  paid: PaidPurchase | null;
  /** The order id from the address, read from the server when the state is gone. */
  orderId: number | null;
  links: (paid: PaidPurchase | null) => PaidSummaryLinks;
};

/** The success screen: what was bought, for how much, its reference and number, and what comes next. */
export function PaidSummary({ paid: fromState, orderId, links: linksFor }: PaidSummaryProps) {
  const fetched = useOrder(fromState ? null : orderId);
  const paid: PaidPurchase | null = fromState ?? (fetched.data ? { kind: 'order', order: fetched.data } : null);
  const links = linksFor(paid);
  const rows = paid ? detailsOf(paid) : [];
  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center gap-4 text-center">
      <CircleCheck className="size-16 text-brand-600" aria-hidden="true" />
      <h1 className="text-2xl font-bold text-slate-900">Yay! Your transaction was successful</h1>
      {rows.length > 0 && (
        <dl
          aria-label="Purchase details"
          className="grid w-full max-w-sm grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-xl bg-white p-4 text-left text-sm ring-1 ring-slate-200"
        >
          {rows.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-slate-600">{term}</dt>
              <dd className="text-right break-words text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to={links.viewOrder}>View order</Link>
        </Button>
        {links.receipt && (
          <Button asChild variant="outline">
            <Link to={links.receipt}>View receipt</Link>
          </Button>
        )}
        <Button asChild variant="outline">
          <Link to={links.buyAgain}>Buy again</Link>
        </Button>
        <Button asChild variant="link">
          <Link to={links.profile}>Go to profile</Link>
        </Button>
      </div>
    </section>
  );
}

function detailsOf(paid: PaidPurchase): [string, string][] {
  if (paid.kind === 'order') {
    const { order } = paid;
    return [
      ['What', `${order.quantity} x ${order.product_name}`],
      ['Amount', formatNaira(order.order_amount)],
      ['Reference', purchaseReference('order', order.id)],
      ['Payment reference', order.transaction_id ?? 'Wallet'],
      ['Deliver to', order.recipient_address],
      ...(order.scheduled_for ? ([['Delivery', deliveryWhen(order)]] as [string, string][]) : []),
    ];
  }
  const { subscription } = paid;
  return [
    ['What', `${subscription.quantity} x ${subscription.product_name}`],
    ['Amount', formatNaira(subscription.order_amount)],
    ['Reference', purchaseReference('subscription', subscription.id)],
    ['Payment reference', subscription.transaction_id ?? 'Wallet'],
    ['Deliveries made', `${subscription.deliveries_delivered} / ${subscription.deliveries}`],
    ['First delivery', formatDate(subscription.starts_on)],
    ['Period', `${formatDate(subscription.starts_on)} – ${formatDate(subscription.ends_on)}`],
  ];
}
