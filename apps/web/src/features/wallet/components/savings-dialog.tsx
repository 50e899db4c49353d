import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { Wallet } from '@ruwa/contract';
import { formatNaira } from '@ruwa/contract/money';
import { Button } from '@/components/ui/button';
import { OfflinePayNotice, useOfflinePayGuard } from '@/components/ui/offline-pay-notice';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { TextInput } from '@/components/ui/text-input';
import { applyServerErrors } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useMoveFromSavings } from '../api/move-from-savings';
import { savingsFormSchema, useMoveToSavings, type SavingsFormValues } from '../api/move-to-savings';
import { cleanedAmount } from './amount-field';

type Direction = 'in' | 'out';

export const NOT_ENOUGH_IN_WALLET = 'You do not have that much in your wallet.';
export const NOT_ENOUGH_IN_SAVINGS = 'You do not have that much in savings.';

function MoveForm({ direction, wallet, onDone }: { direction: Direction; wallet: Wallet; onDone: () => void }) {
  const toSavings = useMoveToSavings();
  const fromSavings = useMoveFromSavings();
  const mutation = direction === 'in' ? toSavings : fromSavings;
  const available = direction === 'in' ? wallet.balance : wallet.savings;
  const form = useForm<SavingsFormValues, unknown, { amount: number }>({
    resolver: zodResolver(
      savingsFormSchema(available, direction === 'in' ? NOT_ENOUGH_IN_WALLET : NOT_ENOUGH_IN_SAVINGS),
    ),
    defaultValues: { amount: '' },
  });
  const { errors } = form.formState;
  const offline = useOfflinePayGuard();

  const onSubmit = form.handleSubmit(({ amount }) => {
    mutation.mutate(amount, {
      onSuccess: (answer) => {
        if (!answer) return; // the PIN sheet was closed: nothing moved
        notifySuccess(answer.message || (direction === 'in' ? 'Moved to savings' : 'Moved to your wallet'));
        onDone();
      },
      onError: (error) => notifyError(applyServerErrors(error, form.setError, ['amount'])),
    });
  });

  const amountField = cleanedAmount(form.register('amount'));

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextInput
        label="Amount"
        inputMode="decimal"
        autoComplete="off"
        hint={`Available: ${formatNaira(available)}`}
        error={errors.amount?.message}
        {...amountField}
      />
      <Button
        type="submit"
        block
        loading={mutation.isPending}
        disabled={offline.disabled}
        aria-describedby={offline.describedBy}
      >
        {direction === 'in' ? 'Move to savings' : 'Move to wallet'}
      </Button>
      <OfflinePayNotice {...offline} />
    </form>
  );
}

type SavingsDialogProps = {
  wallet: Wallet | undefined;
  /** The button that opens the dialog; focus returns to it when the dialog closes. */
  trigger: ReactNode;
  /** Open from the start (it was tapped before its code had loaded). */
  defaultOpen?: boolean;
};

/**
 * The savings pocket (the spec shows a Savings action without saying what it does): money set
 * aside from the balance, moved back to the wallet whenever the customer wants.
 */
export function SavingsDialog({ wallet, trigger, defaultOpen = false }: SavingsDialogProps) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 mx-auto w-full max-w-md rounded-t-2xl bg-white p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-xl focus:outline-none sm:top-1/2 sm:bottom-auto sm:w-[calc(100%-2rem)] sm:-translate-y-1/2 sm:rounded-2xl">
          <div className="flex items-start justify-between gap-3">
            <div>
              <Dialog.Title className="text-lg font-semibold text-slate-900">Savings</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-slate-700">
                Put money aside from your balance, and move it back to your wallet any time.
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close">
                <X className="size-5" aria-hidden="true" />
              </Button>
            </Dialog.Close>
          </div>
          {wallet ? (
            <>
              <dl className="my-4 grid grid-cols-2 gap-3">
                <div className="rounded-xl bg-slate-50 p-3">
                  <dt className="text-xs font-medium text-slate-600">Wallet balance</dt>
                  <dd className="text-lg font-bold text-slate-900 tabular-nums">{formatNaira(wallet.balance)}</dd>
                </div>
                <div className="rounded-xl bg-brand-50 p-3">
                  <dt className="text-xs font-medium text-brand-800">Savings balance</dt>
                  <dd className="text-lg font-bold text-brand-900 tabular-nums">{formatNaira(wallet.savings)}</dd>
                </div>
              </dl>
              <Tabs defaultValue="in">
                <TabsList aria-label="Move money">
                  <TabsTrigger value="in">Add to savings</TabsTrigger>
                  <TabsTrigger value="out">Move to wallet</TabsTrigger>
                </TabsList>
                <TabsContent value="in">
                  <MoveForm direction="in" wallet={wallet} onDone={() => setOpen(false)} />
                </TabsContent>
                <TabsContent value="out">
                  <MoveForm direction="out" wallet={wallet} onDone={() => setOpen(false)} />
                </TabsContent>
              </Tabs>
            </>
          ) : (
            <p className="my-6 text-slate-700">Your balances are loading.</p>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
