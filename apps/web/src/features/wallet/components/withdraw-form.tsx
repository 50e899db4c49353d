import { useEffect, useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MIN_WITHDRAWAL_NAIRA, type BankDetail } from '@ruwa/contract';
import { formatNaira } from '@ruwa/contract/money';
import { Button } from '@/components/ui/button';
import { OfflinePayNotice, useOfflinePayGuard } from '@/components/ui/offline-pay-notice';
import { SelectField } from '@/components/ui/select-field';
import { TextInput } from '@/components/ui/text-input';
import { applyServerErrors } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import {
  useWithdraw,
  WITHDRAWAL_SUBMITTED,
  withdrawFormSchema,
  type WithdrawFormValues,
  type WithdrawInput,
} from '../api/withdraw';
import { cleanedAmount } from './amount-field';
import { describedByError, ErrorAbove } from './error-above';

type WithdrawFormProps = {
  accounts: BankDetail[];
  balance: number;
  /** An account to pick for the user (the one just added). */
  suggestedAccountId?: number;
  /** After the request is accepted (the app goes back one screen). */
  onWithdrawn: () => void;
};

export function accountLabel(account: BankDetail): string {
  return `${account.bank_name} · ${account.account_number} · ${account.account_name}`;
}

/** A saved bank account and an amount; errors show above each field. */
export function WithdrawForm({ accounts, balance, suggestedAccountId, onWithdrawn }: WithdrawFormProps) {
  const id = useId();
  const accountIds = useMemo(() => accounts.map((account) => account.id), [accounts]);
  const form = useForm<WithdrawFormValues, unknown, WithdrawInput>({
    resolver: zodResolver(withdrawFormSchema(accountIds, balance)),
    defaultValues: { selected_bank: '', amount: '' },
  });
  const { errors } = form.formState;
  const mutation = useWithdraw();
  const offline = useOfflinePayGuard();

  useEffect(() => {
    if (suggestedAccountId && accounts.some((account) => account.id === suggestedAccountId)) {
      form.setValue('selected_bank', String(suggestedAccountId));
    }
  }, [suggestedAccountId, accounts, form]);

  const onSubmit = form.handleSubmit(({ selected_bank, amount }) => {
    mutation.mutate(
      { selected_bank, amount },
      {
        onSuccess: (answer) => {
          if (!answer) return; // the PIN sheet was closed: nothing was sent
          notifySuccess(answer.message || WITHDRAWAL_SUBMITTED);
          onWithdrawn();
        },
        onError: (error) => notifyError(applyServerErrors(error, form.setError, ['selected_bank', 'amount'])),
      },
    );
  });

  const bankError = errors.selected_bank?.message;
  const amountMessage = errors.amount?.message;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Withdraw">
      <div>
        <ErrorAbove id={`${id}-bank-error`} message={bankError} />
        <SelectField
          label="Bank account"
          placeholder="Select a bank account"
          {...describedByError(`${id}-bank-error`, bankError)}
          {...form.register('selected_bank')}
        >
          {accounts.map((account) => (
            <option key={account.id} value={account.id}>
              {accountLabel(account)}
            </option>
          ))}
        </SelectField>
      </div>
      <div>
        <ErrorAbove id={`${id}-amount-error`} message={amountMessage} />
        <TextInput
          label="Amount"
          inputMode="decimal"
          autoComplete="off"
          {...describedByError(`${id}-amount-error`, amountMessage)}
          {...cleanedAmount(form.register('amount'))}
        />
        <p className="mt-1.5 text-sm text-slate-600">
          Minimum {formatNaira(MIN_WITHDRAWAL_NAIRA)}. Available: {formatNaira(balance)}
        </p>
      </div>
      <div className="space-y-1.5">
        <Button
          type="submit"
          block
          loading={mutation.isPending}
          disabled={offline.disabled}
          aria-describedby={offline.describedBy}
        >
          Withdraw
        </Button>
        <OfflinePayNotice {...offline} />
      </div>
    </form>
  );
}
