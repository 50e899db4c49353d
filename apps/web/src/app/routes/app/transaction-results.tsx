import { Link } from 'react-router';
import { ProfileOrders } from '@/features/orders/components/profile-orders';
import { PurchaseList } from '@/features/airtime-data/components/purchase-list';
import { paths } from '../../paths';

/**
 * /transaction/results: the customer's purchases in one place — orders and
 * subscriptions with their status — and the way to the wallet's own entries.
 */
export function TransactionResultsRoute() {
  return (
    <div className="space-y-4">
      <div className="flex items-baseline justify-between gap-3">
        <h1 className="text-xl font-bold text-slate-900">Transactions</h1>
        <Link to={paths.app.wallet.getHref()} className="text-sm font-semibold text-brand-700 underline">
          Wallet transactions
        </Link>
      </div>
      <ProfileOrders
        orderHref={(id) => paths.app.profileOrder.getHref(id)}
        receiptHref={paths.app.receipt.getHref}
        moreOrders={<PurchaseList purchaseHref={(id) => paths.app.transactionPurchase.getHref(id)} />}
      />
    </div>
  );
}
