import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { bankDetailsBody, type BankDetail } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { TextInput } from '@/components/ui/text-input';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useBanks } from '../api/get-banks';
import {
  ACCOUNT_NUMBER_PATTERN,
  resolveBankAccountQueryOptions,
  useResolveBankAccount,
} from '../api/resolve-bank-account';
import { BANK_DETAILS_STORED, useStoreBankDetails } from '../api/store-bank-details';
import { describedByError, ErrorAbove } from './error-above';

/** The add-bank form: a 10-digit account number and a bank; the bank says whose account it is. */
export const FILL_ALL_DETAILS = 'Fill all details';
export const SELECT_BANK = 'Please select a bank';
export const ACCOUNT_NUMBER_DIGITS = 'The account number must be 10 digits (NUBAN).';
const MIN_ACCOUNT_NUMBER_LENGTH = 9;

const FIELDS = ['account_number', 'bank_name'] as const;
export const CHECK_ACCOUNT_NAME = 'Check the account name the bank gave, then save.';
type Values = Record<(typeof FIELDS)[number], string>;

/**
 * The contract's rules, with the spec's wording for a number still too short to be one ('Fill all
 * details' below 9 characters) ahead of the NUBAN rule.
 */
const addBankSchema = bankDetailsBody.extend({
  account_number: z
    .string()
    .trim()
    .min(MIN_ACCOUNT_NUMBER_LENGTH, FILL_ALL_DETAILS)
    .pipe(bankDetailsBody.shape.account_number),
});

/** What a failed account look-up says, for the account number field. */
function resolveMessage(error: unknown): string {
  if (isApiError(error)) return error.fieldError('account_number') ?? error.fieldError('bank_code') ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

type AddBankFormProps = {
  id?: string;
  /** After the account is stored. */
  onSaved: (account: BankDetail) => void;
};

/**
 * Account number and bank. Once the number has 10 digits and a bank is chosen, the account is looked
 * up and the bank's name for it shown: that is whose account is saved (no name is typed), so the
 * customer confirms it by saving. Errors show above each field.
 */
export function AddBankForm({ id, onSaved }: AddBankFormProps) {
  const fieldId = useId();
  const queryClient = useQueryClient();
  const form = useForm<Values>({
    resolver: zodResolver(addBankSchema, undefined, { raw: true }),
    defaultValues: { account_number: '', bank_name: '' },
  });
  // Saved before the name was on screen: the name is shown first, and a second Save confirms it.
  const [confirmName, setConfirmName] = useState(false);
  const { errors } = form.formState;
  const banks = useBanks();
  const store = useStoreBankDetails();
  const accountNumber = (useWatch({ control: form.control, name: 'account_number' }) ?? '').trim();
  const bankCode = useWatch({ control: form.control, name: 'bank_name' }) ?? '';
  const lookup = useResolveBankAccount(accountNumber, bankCode);
  const lookingUp = ACCOUNT_NUMBER_PATTERN.test(accountNumber) && bankCode !== '';
  const nameShown = lookingUp && Boolean(lookup.data) && !lookup.isFetching;

  const onSubmit = form.handleSubmit(async (values) => {
    const account_number = values.account_number.trim();
    const seen = nameShown;
    try {
      // Usually answered already (the name is on screen); otherwise waits for the look-up.
      await queryClient.fetchQuery(resolveBankAccountQueryOptions(account_number, values.bank_name));
    } catch {
      // The look-up shares the query above, so its failure is already shown above the number.
      form.setFocus('account_number');
      return;
    }
    if (!seen) {
      setConfirmName(true);
      return;
    }
    setConfirmName(false);
    try {
      const result = await store.mutateAsync({ account_number, bank_name: values.bank_name });
      notifySuccess(result.message || BANK_DETAILS_STORED);
      form.reset();
      onSaved(result.data);
    } catch (error) {
      notifyError(applyServerErrors(error, form.setError, FIELDS));
    }
  });

  const message = (field: keyof Values) => errors[field]?.message;
  const accountNumberMessage =
    message('account_number') ?? (lookingUp && lookup.isError ? resolveMessage(lookup.error) : undefined);
  const errorId = (field: keyof Values) => `${fieldId}-${field}-error`;

  return (
    <form id={id} onSubmit={onSubmit} noValidate className="space-y-4" aria-label="New account">
      <h2 className="text-lg font-semibold text-slate-900">Add New Bank Account</h2>
      <div>
        <ErrorAbove id={errorId('account_number')} message={accountNumberMessage} />
        <TextInput
          label="Account Number"
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          {...describedByError(errorId('account_number'), accountNumberMessage)}
          {...form.register('account_number')}
        />
      </div>
      <div>
        <ErrorAbove id={errorId('bank_name')} message={message('bank_name')} />
        <SelectField
          label="Bank"
          placeholder={banks.isPending ? 'Loading banks…' : 'Select a bank'}
          disabled={banks.isPending}
          {...describedByError(errorId('bank_name'), message('bank_name'))}
          {...form.register('bank_name')}
        >
          {banks.data?.map((bank) => (
            <option key={bank.code} value={bank.code}>
              {bank.name}
            </option>
          ))}
        </SelectField>
      </div>

      <div aria-live="polite" className="empty:hidden">
        {lookingUp && lookup.isFetching && (
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <Spinner className="size-4" />
            Checking the account…
          </p>
        )}
        {lookingUp && lookup.data && !lookup.isFetching && (
          <p className="flex items-center gap-2 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900">
            <CircleCheck className="size-4 shrink-0" aria-hidden="true" />
            <span>
              Account name: <strong data-testid="resolved-account-name">{lookup.data.account_name}</strong>
            </span>
          </p>
        )}
      </div>

      {confirmName && nameShown && <p className="text-sm text-slate-700">{CHECK_ACCOUNT_NAME}</p>}
      <Button type="submit" block loading={store.isPending} disabled={lookingUp && lookup.isFetching}>
        Save bank account
      </Button>
    </form>
  );
}
