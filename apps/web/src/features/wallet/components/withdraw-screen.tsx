import { useId, useState } from 'react';
import { Plus } from 'lucide-react';
import { formatNaira } from '@ruwa/contract/money';
import { Button } from '@/components/ui/button';
import { RequirementNotice } from '@/components/ui/requirement-notice';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/lib/session';
import { useWallet } from '@/lib/wallet-query';
import { AddBankForm } from './add-bank-form';
import { SavedAccounts } from './saved-accounts';
import { ScreenHeader } from './screen-header';
import { WithdrawForm } from './withdraw-form';

type WithdrawScreenProps = {
  backHref: string;
  /** The screen that verifies the phone number (withdrawing needs a verified one). */
  verifyPhoneHref: string;
  /** After the request is accepted (the app goes back one screen). */
  onWithdrawn: () => void;
};

export const VERIFY_TO_WITHDRAW = 'Verify your phone number to withdraw or add a bank account';

/**
 * With saved accounts, the withdraw form and an 'Add New Bank Account' toggle for the
 * add form; with none, only the add form. Until the phone number is verified, a notice leading to
 * its verification stands where both would be: the API looks bank accounts up (whose name is
 * behind a number) only for a verified phone.
 */
export function WithdrawScreen({ backHref, verifyPhoneHref, onWithdrawn }: WithdrawScreenProps) {
  const addFormId = useId();
  const wallet = useWallet();
  const phoneVerified = useSession().user?.phone_verified !== false;
  const [adding, setAdding] = useState(false);
  const [justAdded, setJustAdded] = useState<number>();

  let body;
  if (wallet.isPending) {
    body = (
      <div className="space-y-4" aria-busy="true" aria-label="Loading your wallet">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  } else if (!wallet.data) {
    body = (
      <div className="rounded-xl border border-slate-200 p-4 text-center">
        <p className="text-slate-700">We could not load your wallet.</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void wallet.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else {
    const { balance, bank_details: accounts } = wallet.data;
    const hasAccounts = accounts.length > 0;
    body = (
      <div className="space-y-6">
        <p className="text-sm text-slate-700">
          Wallet balance: <span className="font-semibold text-slate-900 tabular-nums">{formatNaira(balance)}</span>
        </p>
        {!phoneVerified && (
          <RequirementNotice
            message={VERIFY_TO_WITHDRAW}
            action={{ label: 'Verify phone number', href: verifyPhoneHref }}
          />
        )}
        {hasAccounts && phoneVerified && (
          <WithdrawForm
            accounts={accounts}
            balance={balance}
            suggestedAccountId={justAdded}
            onWithdrawn={onWithdrawn}
          />
        )}
        {hasAccounts && phoneVerified && (
          <Button
            variant="link"
            aria-expanded={adding}
            aria-controls={adding ? addFormId : undefined}
            onClick={() => setAdding((open) => !open)}
          >
            <Plus className="size-4" aria-hidden="true" />
            Add New Bank Account
          </Button>
        )}
        {phoneVerified && (!hasAccounts || adding) && (
          <div className="rounded-2xl border border-slate-200 p-4">
            <AddBankForm
              id={addFormId}
              onSaved={(account) => {
                setAdding(false);
                setJustAdded(account.id);
              }}
            />
          </div>
        )}
        {hasAccounts && <SavedAccounts accounts={accounts} />}
      </div>
    );
  }

  return (
    <div className="space-y-5">
      <ScreenHeader title="Withdraw" backHref={backHref} />
      {body}
    </div>
  );
}
