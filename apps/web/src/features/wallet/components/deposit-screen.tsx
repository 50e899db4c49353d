import { formatNaira } from '@ruwa/contract/money';
import { useWallet } from '@/lib/wallet-query';
import { DepositForm } from './deposit-form';
import { ScreenHeader } from './screen-header';

type DepositScreenProps = {
  email: string | undefined;
  backHref: string;
  onDeposited: () => void;
  /** Naira to fill in, e.g. what a purchase lacks. */
  initialAmount?: number | null;
};

export function DepositScreen({ email, backHref, onDeposited, initialAmount }: DepositScreenProps) {
  const wallet = useWallet();
  return (
    <div className="space-y-5">
      <ScreenHeader title="Deposit Funds" backHref={backHref} />
      <p className="text-sm text-slate-700" aria-live="polite">
        Wallet balance:{' '}
        <span className="font-semibold text-slate-900 tabular-nums">
          {wallet.data ? formatNaira(wallet.data.balance) : '…'}
        </span>
      </p>
      <DepositForm email={email} onDeposited={onDeposited} initialAmount={initialAmount} />
      <p className="text-center text-xs text-slate-600">Card payments are processed securely by Paystack.</p>
    </div>
  );
}
