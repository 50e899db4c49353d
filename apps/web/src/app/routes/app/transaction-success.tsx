import { useLocation, useSearchParams } from 'react-router';
import { PaidSummary } from '@/features/orders/components/paid-summary';
import type { PaidPurchase } from '@/features/orders/hooks/use-order-checkout';
import { purchaseReference } from '@ruwa/contract/purchase-reference';
import { paths } from '../../paths';

function idFrom(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

function paidFrom(state: unknown): PaidPurchase | null {
  if (typeof state !== 'object' || state === null || !('paid' in state)) return null;
  const paid = state.paid as PaidPurchase | null;
  return paid && (paid.kind === 'order' || paid.kind === 'subscription') ? paid : null;
}

/** Where a paid water or gas purchase lands (?order= keeps it across a reload). */
export function TransactionSuccessRoute() {
  const { state } = useLocation();
  const [searchParams] = useSearchParams();
  return (
    <PaidSummary
      paid={paidFrom(state)}
      orderId={idFrom(searchParams.get('order'))}
      links={(paid) => ({ ...linksFor(paid), profile: paths.app.profile.getHref() })}
    />
  );
}

function linksFor(paid: PaidPurchase | null) {
  if (!paid) return { viewOrder: paths.app.transactionResults.getHref(), buyAgain: paths.app.home.getHref() };
  if (paid.kind === 'subscription') {
    const { subscription } = paid;
    return {
      viewOrder: `${paths.app.transactionResults.getHref()}?tab=subscriptions`,
      receipt: paths.app.receipt.getHref(purchaseReference('subscription', subscription.id)),
      buyAgain: paths.app.waterSubShow.getHref({
        product_id: subscription.product_id,
        location_id: subscription.location_id,
      }),
    };
  }
  const { order } = paid;
  const product = { product_id: order.product_id, location_id: order.location_id };
  return {
    viewOrder: paths.app.profileOrder.getHref(order.id),
    receipt: paths.app.receipt.getHref(purchaseReference('order', order.id)),
    buyAgain: order.kind === 'gas' ? paths.app.gasBuy.getHref(product) : paths.app.waterSubShow.getHref(product),
  };
}
