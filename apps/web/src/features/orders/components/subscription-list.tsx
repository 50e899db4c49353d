import { useState, type ReactNode } from 'react';
import type { Subscription } from '@ruwa/contract';
import { formatNaira } from '@ruwa/contract/money';
import { purchaseReference } from '@ruwa/contract/purchase-reference';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Pager } from '@/components/ui/pager';
import { isApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useMySubscriptions } from '../api/get-my-subscriptions';
import { formatDate } from '../utils/format';
import { EmptyList, ListError, ListSkeleton } from './list-states';
import { SubscriptionStatusBadge } from './status-badge';

type SubscriptionListProps = {
  page: number;
  onPageChange: (page: number) => void;
  /** Where a subscription's receipt opens, by its reference (SUB-3). */
  receiptHref?: (reference: string) => string;
  /** More on each subscription's card (the app passes "Report a problem"). */
  extra?: (subscription: Subscription) => ReactNode;
};

/** The user's subscriptions with their progress; an active one can be cancelled. */
export function SubscriptionList({ page, onPageChange, receiptHref, extra }: SubscriptionListProps) {
  const { data, isPending, isError, refetch, isPlaceholderData } = useMySubscriptions(page);
  if (isPending) return <ListSkeleton label="Loading your subscriptions" />;
  if (isError && !data) {
    return <ListError message="We could not load your subscriptions." onRetry={() => void refetch()} />;
  }
  if (data.data.length === 0) return <EmptyList />;
  return (
    <div>
      <ul className="space-y-3" aria-busy={isPlaceholderData || undefined}>
        {data.data.map((subscription) => (
          <li key={subscription.id}>
            <SubscriptionCard subscription={subscription} receiptHref={receiptHref} extra={extra} />
          </li>
        ))}
      </ul>
      <Pager page={data} onPageChange={onPageChange} disabled={isPlaceholderData} label="Subscriptions pages" />
    </div>
  );
}

function every(days: number): string {
  return days === 1 ? 'every day' : `every ${days} days`;
}

function SubscriptionCard({
  subscription,
  receiptHref,
  extra,
}: {
  subscription: Subscription;
  receiptHref?: (reference: string) => string;
  extra?: (subscription: Subscription) => ReactNode;
}) {
  const reference = purchaseReference('subscription', subscription.id);
  const active = subscription.status === 'active';
  return (
    <article
      aria-labelledby={`subscription-${subscription.id}`}
      className="space-y-2 rounded-xl bg-white p-4 ring-1 ring-slate-200"
    >
      <div className="flex items-start justify-between gap-2">
        <h3 id={`subscription-${subscription.id}`} className="font-semibold text-slate-900">
          {subscription.product_name}
        </h3>
        <SubscriptionStatusBadge status={subscription.status} />
      </div>
      <p className="text-sm text-slate-700">
        {subscription.quantity} {every(subscription.delivery_interval_days)} for {subscription.duration_in_days} days ·{' '}
        <span className="font-semibold text-slate-900">{formatNaira(subscription.order_amount)}</span>
      </p>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">Reference</dt>
        <dd className="text-right text-slate-900">{reference}</dd>
        <dt className="text-slate-600">Deliveries made</dt>
        <dd className="text-right font-medium text-slate-900 tabular-nums">
          {subscription.deliveries_delivered} / {subscription.deliveries}
        </dd>
        {active && (
          <>
            <dt className="text-slate-600">Next delivery</dt>
            <dd className="text-right font-medium text-slate-900">
              {formatDate(subscription.next_delivery_on) || 'Not scheduled'}
            </dd>
          </>
        )}
        {subscription.delivery_fee > 0 && (
          <>
            <dt className="text-slate-600">Delivery fee</dt>
            <dd className="text-right text-slate-900">{formatNaira(subscription.delivery_fee)} each</dd>
          </>
        )}
        <dt className="text-slate-600">Deliveries</dt>
        <dd className="text-right text-slate-900">
          {/* Calendar days in Lagos, with the window: never a time of day. */}
          <ul aria-label="Delivery dates">
            {(subscription.delivery_dates ?? []).map((day) => (
              <li key={day}>
                {formatDate(day)}
                {subscription.delivery_window ? `, ${subscription.delivery_window}` : ''}
              </li>
            ))}
          </ul>
        </dd>
        <dt className="text-slate-600">Period</dt>
        <dd className="text-right text-slate-900">
          {formatDate(subscription.starts_on)} – {formatDate(subscription.ends_on)}
        </dd>
        {subscription.refunded_amount > 0 && (
          <>
            <dt className="text-slate-600">Refunded to wallet</dt>
            <dd className="text-right text-slate-900">{formatNaira(subscription.refunded_amount)}</dd>
          </>
        )}
      </dl>
      {receiptHref && (
        <Link
          to={receiptHref(reference)}
          className="inline-block text-sm font-semibold text-brand-700 underline"
          aria-label={`View receipt ${reference}`}
        >
          View receipt
        </Link>
      )}
      {active && <CancelSubscription subscription={subscription} />}
      {extra?.(subscription)}
    </article>
  );
}

function CancelSubscription({ subscription }: { subscription: Subscription }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelSubscription();
  const left = Math.max(subscription.deliveries - subscription.deliveries_made, 0);

  const confirm = () =>
    cancel.mutate(subscription.id, {
      onSuccess: ({ message, data }) => {
        setOpen(false);
        const refund = data.refunded_amount > 0 ? ` ${formatNaira(data.refunded_amount)} is back in your wallet.` : '';
        notifySuccess(`${message.replace(/\.$/, '')}.${refund}`, 'Success');
      },
      onError: (error) => {
        setOpen(false);
        notifyError(isApiError(error) ? error.message : 'We could not cancel the subscription.');
      },
    });

  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" className="w-full">
          Cancel subscription
        </Button>
      }
      open={open}
      onOpenChange={setOpen}
      title="Cancel this subscription?"
      description={
        left > 0
          ? `The ${left} ${left === 1 ? 'delivery' : 'deliveries'} not yet made will be refunded to your wallet. This cannot be undone.`
          : 'This cannot be undone.'
      }
      confirmLabel="Cancel subscription"
      cancelLabel="Keep subscription"
      onConfirm={confirm}
      loading={cancel.isPending}
    />
  );
}
