import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CircleCheck, CircleX, Clock } from 'lucide-react';
import { formatNaira, NETWORK_LABELS, type VtuPurchase } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@ruwa/contract/dates';
import { usePurchase } from '../api/get-purchase';
import { CardRefundChoice } from './card-refund-choice';
import { purchaseReference } from '@ruwa/contract/purchase-reference';

/** What the customer can do next, as addresses the route builds (features do not know the paths). */
export type PurchaseResultLinks = {
  /** The orders list where this purchase is listed. */
  viewOrder: string;
  /** The form again, filled with this purchase (state travels with the link). */
  buyAgain: { to: string; state: unknown };
  /** Where the wallet is, for a refund. */
  wallet: string;
  /** Where a purchase's receipt opens, by its reference (VTU-31). */
  receipt?: (reference: string) => string;
};

/** '₦500 MTN airtime' or 'MTN 1GB 30 days data'. */
export function describePurchase(purchase: Pick<VtuPurchase, 'kind' | 'network' | 'amount' | 'bundle'>) {
  const network = NETWORK_LABELS[purchase.network];
  return purchase.kind === 'airtime'
    ? `${formatNaira(purchase.amount)} ${network} airtime`
    : `${network} ${purchase.bundle ?? ''} data`.replace(/\s+/g, ' ');
}

const HEADINGS: Record<VtuPurchase['status'], (kind: string) => string> = {
  delivered: (kind) => `Your ${kind} was delivered`,
  pending: (kind) => `Your ${kind} is on its way`,
  failed: (kind) => `Your ${kind} could not be delivered`,
  refunded: (kind) => `Your ${kind} could not be delivered`,
};

/**
 * The outcome of one airtime or data purchase, read from the server (and asked again while the
 * network is still processing it), so the screen says what really happened: delivered, pending with
 * what happens next, or failed with where the money went.
 */
export function PurchaseResult({
  id,
  links: linksFor,
  extra,
}: {
  id: number | null;
  links: (purchase: VtuPurchase | null) => PurchaseResultLinks;
  /** More for the loaded purchase, below its actions (the app passes "Report a problem"). */
  extra?: (purchase: VtuPurchase) => ReactNode;
}) {
  const { data: purchase, isPending, isError, error, refetch } = usePurchase(id);
  const links = linksFor(purchase ?? null);

  if (id === null || (isError && isApiError(error) && error.status === 404)) {
    return (
      <Outcome icon="failed" title="We could not find this purchase">
        <Button asChild>
          <Link to={links.viewOrder}>View your orders</Link>
        </Button>
      </Outcome>
    );
  }
  if (isPending) return <PageSpinner label="Checking your purchase" />;
  if (!purchase) {
    return (
      <Outcome icon="pending" title="We could not check your purchase just now">
        <p className="max-w-sm text-slate-700">Your payment is safe. Check again in a moment.</p>
        <Button onClick={() => void refetch()}>Check again</Button>
      </Outcome>
    );
  }

  const kind = purchase.kind;
  const failed = purchase.status === 'failed' || purchase.status === 'refunded';
  const what = describePurchase(purchase);
  return (
    <Outcome
      icon={purchase.status === 'delivered' ? 'delivered' : failed ? 'failed' : 'pending'}
      title={HEADINGS[purchase.status](kind)}
    >
      {purchase.status === 'pending' && (
        <p className="max-w-sm text-slate-700" role="status">
          The network is still processing it. This screen updates by itself, and we will notify you when it is
          delivered. If the network cannot deliver it, {formatNaira(purchase.amount)} goes back to your wallet.
        </p>
      )}
      {purchase.status === 'refunded' &&
        (purchase.card_refund ? (
          <p className="max-w-sm text-slate-700">
            The network refused it. You chose to have {formatNaira(purchase.amount)} go back to your card.
          </p>
        ) : (
          <p className="max-w-sm text-slate-700">
            The network refused it. {formatNaira(purchase.amount)} is back in your wallet; nothing else was charged.
          </p>
        ))}
      {purchase.status === 'refunded' && (
        <div className="w-full max-w-sm text-slate-700">
          <CardRefundChoice purchase={purchase} />
        </div>
      )}
      {purchase.status === 'failed' && (
        <p className="max-w-sm text-slate-700">
          The network refused it. {formatNaira(purchase.amount)} is being returned to your wallet.
        </p>
      )}
      <dl
        aria-label="Purchase details"
        className="grid w-full max-w-sm grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-xl bg-white p-4 text-left text-sm ring-1 ring-slate-200"
      >
        <dt className="text-slate-600">What</dt>
        <dd className="text-right font-medium text-slate-900">{what}</dd>
        <dt className="text-slate-600">For</dt>
        <dd className="text-right text-slate-900">{purchase.phone}</dd>
        <dt className="text-slate-600">Amount</dt>
        <dd className="text-right font-semibold text-slate-900">{formatNaira(purchase.amount)}</dd>
        <dt className="text-slate-600">Paid by</dt>
        <dd className="text-right text-slate-900">{purchase.payment_method === 'wallet' ? 'Wallet' : 'Card'}</dd>
        <dt className="text-slate-600">Reference</dt>
        <dd className="text-right text-slate-900">{purchaseReference('vtu', purchase.id)}</dd>
        <dt className="text-slate-600">Payment reference</dt>
        <dd className="text-right break-all text-slate-900">{purchase.transaction_id}</dd>
        <dt className="text-slate-600">Date</dt>
        <dd className="text-right text-slate-900">{formatDateTime(purchase.created_at)}</dd>
      </dl>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild variant={failed ? 'outline' : 'primary'}>
          <Link to={links.viewOrder}>View order</Link>
        </Button>
        <Button asChild variant={failed ? 'primary' : 'outline'}>
          <Link to={links.buyAgain.to} state={links.buyAgain.state}>
            {failed ? 'Try again' : 'Buy again'}
          </Link>
        </Button>
        {failed && (
          <Button asChild variant="outline">
            <Link to={links.wallet}>Go to wallet</Link>
          </Button>
        )}
        {links.receipt && (
          <Button asChild variant="outline">
            <Link to={links.receipt(purchaseReference('vtu', purchase.id))}>View receipt</Link>
          </Button>
        )}
      </div>
      {extra && <div className="w-full max-w-sm text-left">{extra(purchase)}</div>}
    </Outcome>
  );
}

const ICONS = {
  delivered: <CircleCheck className="size-16 text-brand-600" aria-hidden="true" />,
  pending: <Clock className="size-16 text-amber-600" aria-hidden="true" />,
  failed: <CircleX className="size-16 text-red-700" aria-hidden="true" />,
};

function Outcome({ icon, title, children }: { icon: keyof typeof ICONS; title: string; children: ReactNode }) {
  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center gap-4 text-center">
      {ICONS[icon]}
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {children}
    </section>
  );
}
