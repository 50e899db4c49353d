import { useId, useState } from 'react';
import { formatNaira, ORDER_STATUS_LABELS, type OrderStatus } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextArea } from '@/components/ui/text-area';
import { isApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useUpdateOrderStatus } from '../../api/orders/update-order-status';
import { adminMoves, CONFIRMED_MOVES, MOVE_LABELS, REASONED_MOVES } from './orders-moves';

const NOTE_MAX = 500;

type OrderStatusActionsProps = {
  order: { id: number; status: OrderStatus; order_amount: number; payment_method?: string };
};

/** The legal next statuses of an order as buttons, with an optional note; refunds and cancels ask first. */
export function OrderStatusActions({ order }: OrderStatusActionsProps) {
  const id = useId();
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState<OrderStatus | null>(null);
  const [moving, setMoving] = useState<OrderStatus | null>(null);
  const [refundTo, setRefundTo] = useState<'wallet' | 'card'>('wallet');
  // A paid order cancelled may go back to the card it was paid with (not one still awaiting payment).
  const cardChoice = order.payment_method === 'card' && order.status !== 'pending_payment';
  const update = useUpdateOrderStatus();
  const moves = adminMoves(order.status);

  if (moves.length === 0) {
    return (
      <p className="text-sm text-slate-600">
        This order is {ORDER_STATUS_LABELS[order.status].toLowerCase()}; its status can no longer change.
      </p>
    );
  }

  const move = (status: OrderStatus) => {
    setMoving(status);
    update.mutate(
      { id: order.id, status, note, refundTo: status === 'cancelled' && cardChoice ? refundTo : 'wallet' },
      {
        onSuccess: ({ message }) => {
          setNote('');
          setConfirming(null);
          notifySuccess(message || 'Order status has been updated', 'Success');
        },
        onError: (error) => {
          setConfirming(null);
          notifyError(
            isApiError(error) ? (error.fieldError('note') ?? error.message) : 'The status could not be changed.',
          );
        },
        onSettled: () => setMoving(null),
      },
    );
  };

  return (
    <div className="space-y-3">
      <TextArea
        label={
          moves.some((status) => REASONED_MOVES.includes(status))
            ? 'Note (the reason, needed to cancel or to confirm delivery without the code)'
            : 'Note (optional)'
        }
        value={note}
        maxLength={NOTE_MAX}
        rows={2}
        onChange={(event) => setNote(event.target.value)}
      />
      <div className="flex flex-wrap gap-2" role="group" aria-label="Change the status">
        {moves.map((status) =>
          CONFIRMED_MOVES.includes(status) ? (
            <ConfirmDialog
              key={status}
              trigger={
                <Button variant="outline" size="sm" disabled={update.isPending}>
                  {MOVE_LABELS[status]}
                </Button>
              }
              open={confirming === status}
              onOpenChange={(open) => setConfirming(open ? status : null)}
              title={status === 'refunded' ? 'Refund this order?' : 'Cancel this order?'}
              description={
                status === 'refunded'
                  ? `${formatNaira(order.order_amount)} goes back to the customer's wallet. This cannot be undone.`
                  : `The order will not be delivered and ${formatNaira(order.order_amount)} goes back to the customer's ${cardChoice && refundTo === 'card' ? 'card in 3–5 working days' : 'wallet'}. This cannot be undone.`
              }
              confirmLabel={status === 'refunded' ? 'Yes, refund' : 'Yes, cancel it'}
              onConfirm={() => move(status)}
              loading={moving === status}
            >
              {status === 'cancelled' && cardChoice && (
                <fieldset>
                  <legend className="mb-1.5 text-sm font-medium text-slate-800">Refund to</legend>
                  <div className="flex gap-4 text-sm text-slate-900">
                    {(['wallet', 'card'] as const).map((target) => (
                      <label key={target} className="flex min-h-11 items-center gap-2">
                        <input
                          type="radio"
                          name={`${id}-refund-to`}
                          value={target}
                          checked={refundTo === target}
                          onChange={() => setRefundTo(target)}
                          className="size-4 accent-brand-600"
                        />
                        {target === 'wallet' ? 'The wallet (now)' : 'The card (3–5 working days)'}
                      </label>
                    ))}
                  </div>
                </fieldset>
              )}
            </ConfirmDialog>
          ) : (
            <Button
              key={status}
              size="sm"
              variant={status === 'paid' ? 'outline' : 'primary'}
              loading={moving === status}
              disabled={update.isPending}
              onClick={() => move(status)}
            >
              {MOVE_LABELS[status]}
            </Button>
          ),
        )}
      </div>
    </div>
  );
}
