import { useState } from 'react';
import { Landmark, Trash2 } from 'lucide-react';
import type { BankDetail } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notifyError, notifySuccess } from '@/lib/notify';
import { BANK_ACCOUNT_REMOVED, useDeleteBankDetails } from '../api/delete-bank-details';

function SavedAccount({ account }: { account: BankDetail }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteBankDetails();
  const name = `${account.bank_name} ${account.account_number}`;

  const confirm = () =>
    remove.mutate(account.id, {
      onSuccess: ({ message }) => notifySuccess(message || BANK_ACCOUNT_REMOVED),
      onError: (error) => notifyError(error.message),
      onSettled: () => setOpen(false),
    });

  return (
    <li className="flex items-center gap-3 py-3">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-700">
        <Landmark className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-slate-900">{account.account_name}</p>
        <p className="truncate text-sm text-slate-600">
          {account.bank_name} · <span className="tabular-nums">{account.account_number}</span>
        </p>
      </div>
      <ConfirmDialog
        trigger={
          <Button variant="ghost-danger" size="icon" aria-label={`Delete ${name}`}>
            <Trash2 className="size-5" aria-hidden="true" />
          </Button>
        }
        open={open}
        onOpenChange={setOpen}
        title="Delete this bank account?"
        description={
          <>
            <strong className="font-semibold text-slate-900">
              {account.account_name}, {name}
            </strong>{' '}
            will be removed from your saved accounts. You can add it again later.
          </>
        }
        confirmLabel="Delete"
        loading={remove.isPending}
        onConfirm={confirm}
      />
    </li>
  );
}

export function SavedAccounts({ accounts }: { accounts: BankDetail[] }) {
  return (
    <section aria-labelledby="saved-accounts-heading">
      <h2 id="saved-accounts-heading" className="text-lg font-semibold text-slate-900">
        Saved accounts
      </h2>
      <ul className="divide-y divide-slate-100">
        {accounts.map((account) => (
          <SavedAccount key={account.id} account={account} />
        ))}
      </ul>
    </section>
  );
}
