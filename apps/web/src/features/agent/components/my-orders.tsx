import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AgentOrder } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Pager } from '@/components/ui/pager';
import { TextInput } from '@/components/ui/text-input';
import { isApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useAgentOrders } from '../api/get-agent-orders';
import { useReleaseOrder } from '../api/release-order';
import { useUpdateOrderStatus } from '../api/update-order-status';
import { LoadError } from './load-error';
import { ListSkeleton } from './list-skeleton';
import { queryKeys } from '@/lib/query-keys';
import { isLocked, OrderCard } from './order-card';

/** The orders the agent accepted: out for delivery (or released), then delivered with the customer's code. */
export function MyOrders() {
  const [page, setPage] = useState(1);
  const orders = useAgentOrders('mine', page);

  return (
    <section aria-labelledby="my-orders-heading" className="space-y-3">
      <h2 id="my-orders-heading" className="text-lg font-semibold text-slate-900">
        My orders
      </h2>
      {orders.isPending ? (
        <ListSkeleton />
      ) : orders.isError ? (
        <LoadError message={orders.error.message} onRetry={() => void orders.refetch()} />
      ) : orders.data.data.length === 0 ? (
        <p className="rounded-xl bg-white p-4 text-sm text-slate-700 ring-1 ring-slate-200">
          You have not accepted any orders yet.
        </p>
      ) : (
        <ul aria-label="My orders" className="space-y-3">
          {orders.data.data.map((order) => (
            <li key={order.id}>
              <OrderCard order={order} actions={<DeliveryActions order={order} />} />
            </li>
          ))}
        </ul>
      )}
      <Pager page={orders.data} onPageChange={setPage} disabled={orders.isPlaceholderData} label="My orders pages" />
    </section>
  );
}

function DeliveryActions({ order }: { order: AgentOrder }) {
  const queryClient = useQueryClient();
  const move = useUpdateOrderStatus();
  const [confirming, setConfirming] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const run = (status: 'out_for_delivery' | 'delivered') =>
    move.mutate(
      { id: order.id, status, ...(status === 'delivered' ? { delivery_code: code } : {}) },
      {
        onSuccess: (result) => {
          setConfirming(false);
          notifySuccess(result.message || 'Order status has been updated');
        },
        onError: (error) => {
          // A wrong or missing code keeps the dialog open with the reason under the field.
          const fieldError = isApiError(error) ? error.fieldError('delivery_code') : undefined;
          // The order may now be locked: its card says so once the list is read again.
          if (fieldError) void queryClient.invalidateQueries({ queryKey: queryKeys.agent.all });
          if (fieldError) return setCodeError(fieldError);
          setConfirming(false);
          notifyError(error.message);
        },
      },
    );

  if (order.status === 'assigned') {
    return (
      <>
        <ReleaseAction order={order} />
        <Button
          size="sm"
          aria-label={`Out for delivery: order #${order.id}`}
          loading={move.isPending}
          onClick={() => run('out_for_delivery')}
        >
          Out for delivery
        </Button>
      </>
    );
  }
  // A locked delivery offers no code to type; an open dialog stays to show why it just locked.
  if (order.status === 'out_for_delivery' && (!isLocked(order) || confirming)) {
    return (
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          setCode('');
          setCodeError(undefined);
        }}
        trigger={
          <Button size="sm" aria-label={`Delivered: order #${order.id}`}>
            Delivered
          </Button>
        }
        title={`Mark order #${order.id} as delivered?`}
        description={`Ask the customer for their 4-digit delivery code once ${order.product_name} × ${order.quantity} is in their hands. This cannot be undone.`}
        confirmLabel="Yes, delivered"
        destructive={false}
        loading={move.isPending}
        onConfirm={() => run('delivered')}
      >
        <TextInput
          label="Delivery code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={4}
          value={code}
          error={codeError}
          onChange={(event) => {
            setCode(event.target.value.replace(/\D/g, ''));
            setCodeError(undefined);
          }}
        />
      </ConfirmDialog>
    );
  }
  return null;
}

/** Gives an accepted order back before setting off, saying why; it is offered to the area again. */
function ReleaseAction({ order }: { order: AgentOrder }) {
  const release = useReleaseOrder();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setReason('');
        setReasonError(undefined);
      }}
      trigger={
        <Button size="sm" variant="ghost" aria-label={`Release order #${order.id}`}>
          Release
        </Button>
      }
      title={`Release order #${order.id}?`}
      description="It goes back to the open orders for another agent in your area to deliver."
      confirmLabel="Release order"
      loading={release.isPending}
      // Awaited rather than per-call callbacks: the live update can take the order off this list (and
      // unmount this dialog) before the answer arrives, and the agent must still hear it worked.
      onConfirm={async () => {
        try {
          const result = await release.mutateAsync({ id: order.id, reason });
          setOpen(false);
          notifySuccess(result.message || 'Order released');
        } catch (error) {
          const fieldError = isApiError(error) ? error.fieldError('reason') : undefined;
          if (fieldError) return setReasonError(fieldError);
          setOpen(false);
          notifyError(error instanceof Error ? error.message : 'We could not release the order.');
        }
      }}
    >
      <TextInput
        label="Why are you releasing it?"
        value={reason}
        error={reasonError}
        onChange={(event) => {
          setReason(event.target.value);
          setReasonError(undefined);
        }}
      />
    </ConfirmDialog>
  );
}
