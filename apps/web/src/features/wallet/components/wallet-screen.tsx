import { PiggyBank } from 'lucide-react';
import { useWallet } from '@/lib/wallet-query';
import { BalanceCard } from './balance-card';
import { ChangePinDialog } from './change-pin-dialog';
import { SavingsDialog } from './savings-dialog';
import { TransactionList } from './transaction-list';
import { TransferAccountCard } from './transfer-account-card';
import { ActionButton, WalletActions } from './wallet-actions';

type WalletScreenProps = {
  depositHref: string;
  withdrawHref: string;
  /** Passed once the rewards screen exists; without it the Rewards action is left out. */
  rewardsHref?: string;
  /** Where an unverified customer proves their phone number (for the bank-transfer account). */
  verifyPhoneHref: string;
};

/** The balance, four actions, changing the PIN once one is set, the bank account that funds the wallet by transfer, and the transactions. */
export function WalletScreen({ depositHref, withdrawHref, rewardsHref, verifyPhoneHref }: WalletScreenProps) {
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
      <WalletActions
        depositHref={depositHref}
        withdrawHref={withdrawHref}
        rewardsHref={rewardsHref}
        savings={<SavingsDialog wallet={wallet.data} trigger={<ActionButton icon={PiggyBank} label="Savings" />} />}
      />
      {wallet.data?.pin_set && <ChangePinDialog />}
      <TransferAccountCard verifyPhoneHref={verifyPhoneHref} />
      <TransactionList />
    </div>
  );
}
