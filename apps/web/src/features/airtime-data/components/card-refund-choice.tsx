import { useState } from 'react';
import { formatNaira, type VtuPurchase } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notifySuccess } from '@/lib/notify';
import { useRefundToCard } from '../api/refund-to-card';

/** Where a refund sent back to the card stands, as its customer reads it. */
const CARD_REFUND: Record<NonNullable<VtuPurchase['card_refund']>['status'], string> = {
  requested: 'On its way back to your card (3–10 working days)',
  pending: 'On its way back to your card (3–10 working days)',
  processed: 'Back on your card',
  failed: 'Your card could not take it, so it is back in your wallet',
};

/**
 * A refused card-paid purchase's refund is in the wallet at once; the customer may send it back to
 * the card instead, which takes the bank days. Offered while the server says it can still go, then
 * replaced by where that refund stands. Nothing for a purchase paid from the wallet.
 */
export function CardRefundChoice({ purchase: given }: { purchase: VtuPurchase }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refund = useRefundToCard();
  const purchase = refund.data?.data.id === given.id ? refund.data.data : given;
  const amount = formatNaira(purchase.amount);

  if (purchase.card_refund) {
    return (
      <p role="status" className="text-sm font-semibold text-slate-900">
        {CARD_REFUND[purchase.card_refund.status]}
      </p>
    );
  }
  if (!purchase.card_refund_available) return null;
  return (
    <div className="space-y-2">
      <p className="text-sm">You can use it now, or have {amount} go back to the card you paid with instead.</p>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (next) setError(null);
        }}
        trigger={
          <Button variant="outline" size="sm">
            Send it back to my card instead
          </Button>
        }
        title={`Send ${amount} back to your card?`}
        description={`${amount} leaves your wallet now and reaches the card you paid with in 3–10 working days. This cannot be undone.`}
        confirmLabel="Yes, send it to my card"
        destructive={false}
        loading={refund.isPending}
        onConfirm={async () => {
          try {
            const result = await refund.mutateAsync(purchase.id);
            setOpen(false);
            notifySuccess(result.message);
          } catch (failure) {
            setOpen(false);
            // Said next to the button, where the customer is looking, not only in a passing toast.
            setError(
              failure instanceof Error && failure.message
                ? failure.message
                : 'We could not send the refund to your card. Try again.',
            );
          }
        }}
      />
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 p-2 text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
