import { lazy, Suspense } from 'react';
import { KeyRound, PiggyBank } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DeferredDialog } from '@/components/ui/deferred-dialog';
import { useWallet } from '@/lib/wallet-query';
import { BalanceCard } from './balance-card';
import { HeldWithdrawals } from './held-withdrawals';
import { TransactionList } from './transaction-list';
import { TransferAccountCard } from './transfer-account-card';
import { ActionButton, WalletActions } from './wallet-actions';

// The dialogs bring a form library, schemas and Radix parts: loaded when first opened, so the balance
// shows sooner on a slow line.
const SavingsDialog = lazy(async () => ({ default: (await import('./savings-dialog')).SavingsDialog }));
const ChangePinDialog = lazy(async () => ({ default: (await import('./change-pin-dialog')).ChangePinDialog }));
// Below the list and built from the API's address, which only the browser knows: loaded after the
// first paint, and left out of the prerendered frame.
const StatementDownload = lazy(async () => ({ default: (await import('./statement-download')).StatementDownload }));

type WalletScreenProps = {
  depositHref: string;
  withdrawHref: string;
  /** Where a transaction's receipt is, by its TX id. */
  receiptHref: (txId: string) => string;
  /** Passed once the rewards screen exists; without it the Rewards action is left out. */
  rewardsHref?: string;
  /** Where an unverified customer proves their phone number (for the bank-transfer account). */
  verifyPhoneHref: string;
};

const savingsTrigger = <ActionButton icon={PiggyBank} label="Savings" />;
const changePinTrigger = (
  <Button variant="outline" size="sm">
    <KeyRound className="size-4" aria-hidden="true" />
    Change wallet PIN
  </Button>
);

/** The balance, withdrawals held before they are sent, four actions, changing the PIN once one is set, the bank account that funds the wallet by transfer, the transactions (each opening its receipt) and a statement to download. */
export function WalletScreen({
  depositHref,
  withdrawHref,
  receiptHref,
  rewardsHref,
  verifyPhoneHref,
}: WalletScreenProps) {
  const wallet = useWallet();
  return (
    <div className="space-y-6">
      <h1 className="text-xl font-bold text-slate-900">Wallet</h1>
      <BalanceCard
        wallet={wallet.data}
        isPending={wallet.isPending}
        isError={wallet.isError}
        onRetry={() => void wallet.refetch()}
      />
      <HeldWithdrawals withdrawals={wallet.data?.held_withdrawals} />
      <WalletActions
        depositHref={depositHref}
        withdrawHref={withdrawHref}
        rewardsHref={rewardsHref}
        savings={
          <DeferredDialog
            trigger={savingsTrigger}
            dialog={<SavingsDialog wallet={wallet.data} trigger={savingsTrigger} defaultOpen />}
          />
        }
      />
      {wallet.data?.pin_set && (
        <DeferredDialog
          trigger={changePinTrigger}
          dialog={<ChangePinDialog trigger={changePinTrigger} defaultOpen />}
        />
      )}
      <TransferAccountCard verifyPhoneHref={verifyPhoneHref} />
      <TransactionList receiptHref={receiptHref} />
      <Suspense fallback={null}>
        <StatementDownload />
      </Suspense>
    </div>
  );
}
