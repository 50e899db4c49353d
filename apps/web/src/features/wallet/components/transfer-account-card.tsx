import { useEffect, useState } from 'react';
import { Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { RequirementNotice } from '@/components/ui/requirement-notice';
import { Skeleton } from '@/components/ui/skeleton';
import { copyText } from '@/lib/clipboard';
import { useSession } from '@/lib/session';
import { useVirtualAccount } from '../api/get-virtual-account';

export const VERIFY_TO_FUND_BY_TRANSFER = 'Verify your phone number to get a bank account for transfers';

/**
 * The customer's own bank account: a transfer to it from any Nigerian bank app lands in the wallet.
 * Opened on the first visit, for customers whose phone number is verified.
 */
export function TransferAccountCard({ verifyPhoneHref }: { verifyPhoneHref: string }) {
  const phoneVerified = useSession().user?.phone_verified !== false;
  const account = useVirtualAccount(phoneVerified);
  const [copied, setCopied] = useState(false);
  // "Copied" shows for two seconds; leaving the screen sooner cancels the reset.
  useEffect(() => {
    if (!copied) return;
    const reset = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(reset);
  }, [copied]);

  // The card says "Copied" itself; a failure is a toast, as on every screen that copies.
  const copy = async (accountNumber: string) => setCopied(await copyText(accountNumber, { what: 'account number' }));

  return (
    <section aria-labelledby="fund-by-transfer" className="rounded-2xl border border-slate-200 p-4">
      <h2 id="fund-by-transfer" className="font-semibold text-slate-900">
        Fund by bank transfer
      </h2>
      {!phoneVerified ? (
        <div className="mt-3">
          <RequirementNotice
            message={VERIFY_TO_FUND_BY_TRANSFER}
            action={{ label: 'Verify phone number', href: verifyPhoneHref }}
          />
        </div>
      ) : account.isPending ? (
        <div className="mt-3 space-y-2" aria-busy="true" aria-label="Loading your bank account">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-6 w-44" />
        </div>
      ) : !account.data ? (
        <div className="mt-3 flex items-center justify-between gap-3">
          <p className="text-sm text-slate-700">We could not load your bank account.</p>
          <Button variant="outline" size="sm" onClick={() => void account.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-700">
            Send money to this account from any bank app; it is added to your wallet.
          </p>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600">Bank</dt>
            <dd className="font-medium text-slate-900">{account.data.bank_name}</dd>
            <dt className="text-slate-600">Account number</dt>
            <dd className="flex items-center gap-2">
              <span
                className="text-lg font-bold tracking-wider text-slate-900 tabular-nums"
                data-testid="transfer-account-number"
              >
                {account.data.account_number}
              </span>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => void copy(account.data.account_number)}
                aria-label="Copy account number"
              >
                <Copy className="size-4" aria-hidden="true" />
                {copied ? 'Copied' : 'Copy'}
              </Button>
            </dd>
            <dt className="text-slate-600">Account name</dt>
            <dd className="font-medium text-slate-900">{account.data.account_name}</dd>
          </dl>
          <span role="status" className="sr-only">
            {copied ? 'Account number copied' : ''}
          </span>
        </>
      )}
    </section>
  );
}
