import { Wallet } from 'lucide-react';
import type { VtuPurchase } from '@ruwa/contract';
import { CardRefundChoice } from './card-refund-choice';

/**
 * The network failed and the money went back to the wallet: said where the customer is looking,
 * with the choice of sending it back to the card when the purchase was paid by card.
 */
export function RefundNotice({ message, purchase }: { message: string; purchase?: VtuPurchase | null }) {
  return (
    <div role="alert" className="flex gap-3 rounded-xl bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200">
      <Wallet className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="space-y-2">
        <p className="font-semibold">The purchase did not go through</p>
        <p>{message}</p>
        {purchase && <CardRefundChoice purchase={purchase} />}
      </div>
    </div>
  );
}
