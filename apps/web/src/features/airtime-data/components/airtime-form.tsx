import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  AIRTIME_MAX_NAIRA,
  AIRTIME_MIN_NAIRA,
  formatNaira,
  NETWORK_LABELS,
  toLocalPhone,
  type Beneficiary,
  type VtuPurchase,
} from '@ruwa/contract';
import { TextInput } from '@/components/ui/text-input';
import { applyServerErrors } from '@/lib/form-errors';
import { notifyError } from '@/lib/notify';
import { airtimeFormSchema, type AirtimeFormValues, type AirtimeInput } from '../api/buy-airtime';
import { useRecentPurchases } from '../api/get-recent-purchases';
import { useNetworkAutoSelect } from '../hooks/use-network-auto-select';
import { useVtuCheckout } from '../hooks/use-vtu-checkout';
import { asNetwork, wholeNaira } from '../utils/form';
import { PaySection, usePaymentChoice } from './pay-section';
import { RecentPurchases } from './recent-purchases';
import { RecipientFields } from './recipient-fields';

const FIELDS = ['amount', 'phone', 'network_id'] as const;
export const QUICK_AMOUNTS = [100, 200, 500, 1000] as const;

/** What fills a form again: a past purchase, or the form as it was when the popup was closed. */
export type VtuPrefill = Pick<VtuPurchase, 'kind' | 'phone' | 'network' | 'amount' | 'bundle'>;

export type PurchaseHandlers = {
  /** Delivered, or accepted by the network and still processing. */
  onPaid: (purchase: VtuPurchase) => void;
  /** The card popup was closed without paying: what the form held, to fill it again on "Try again". */
  onPaymentClosed: (prefill: VtuPrefill) => void;
  /** Fills the form once when it opens (Buy again, Try again). */
  prefill?: VtuPrefill | null;
  /** The customer's own number, for "Buy for myself". */
  ownPhone?: string | null;
};

/** Fills a form once from `prefill` when it is meant for this kind. */
export function usePrefillOnce(
  kind: VtuPurchase['kind'],
  prefill: VtuPrefill | null | undefined,
  fill: (p: VtuPrefill) => void,
) {
  const done = useRef(false);
  const fillRef = useRef(fill);
  fillRef.current = fill;
  useEffect(() => {
    if (done.current || !prefill || prefill.kind !== kind) return;
    done.current = true;
    fillRef.current(prefill);
  }, [kind, prefill]);
}

/** Amount, phone and network; pay by card or from the wallet. */
export function AirtimeForm({ onPaid, onPaymentClosed, prefill, ownPhone }: PurchaseHandlers) {
  const form = useForm<AirtimeFormValues, unknown, AirtimeInput>({
    resolver: zodResolver(airtimeFormSchema),
    defaultValues: { amount: '', phone: '', network_id: '' },
  });
  const { errors, isSubmitted } = form.formState;
  const [amount, phone, networkId] = useWatch({ control: form.control, name: ['amount', 'phone', 'network_id'] });
  const network = asNetwork(networkId);
  const auto = useNetworkAutoSelect({
    network,
    setNetwork: (next) => form.setValue('network_id', next, { shouldValidate: isSubmitted }),
  });
  const choice = usePaymentChoice();
  const [filledFrom, setFilledFrom] = useState('');
  const recent = useRecentPurchases();
  /** The form as it is, to fill it again (after a closed popup, or back from a top-up). */
  const current = (): VtuPrefill => {
    const values = form.getValues();
    return {
      kind: 'airtime',
      phone: values.phone,
      network: asNetwork(values.network_id) || 'mtn',
      amount: Number(values.amount) || 0,
      bundle: null,
    };
  };
  const checkout = useVtuCheckout({
    onPaid,
    onClosed: () => onPaymentClosed(current()),
    onError: (error) => {
      choice.failed(error);
      notifyError(applyServerErrors(error, form.setError, FIELDS));
    },
  });

  const priceNaira = wholeNaira(amount);
  const ready = Boolean(amount?.trim() && phone?.trim() && network);
  const setAmount = (value: string) =>
    form.setValue('amount', value, { shouldDirty: true, shouldValidate: isSubmitted });

  const repeat = (purchase: VtuPrefill) => {
    form.setValue('phone', purchase.phone, { shouldDirty: true });
    form.setValue('network_id', purchase.network, { shouldDirty: true });
    setAmount(String(purchase.amount));
    auto.filled(purchase.phone);
    form.clearErrors();
    setFilledFrom(
      `Filled in ${formatNaira(purchase.amount)} ${NETWORK_LABELS[purchase.network]} airtime for ${purchase.phone}.`,
    );
  };

  const pickSaved = (saved: Beneficiary) => {
    const local = toLocalPhone(saved.phone);
    form.setValue('phone', local, { shouldDirty: true, shouldValidate: isSubmitted });
    form.setValue('network_id', saved.network_id, { shouldDirty: true, shouldValidate: isSubmitted });
    auto.filled(local);
    setFilledFrom(`Filled in ${saved.name}: ${local}, ${NETWORK_LABELS[saved.network_id]}.`);
  };

  usePrefillOnce('airtime', prefill, repeat);

  const onSubmit = form.handleSubmit((input) => {
    choice.clear();
    void checkout.pay({ kind: 'airtime', input }, choice.method);
  });

  return (
    <div className="space-y-6">
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Buy airtime">
        <div className="space-y-2">
          <TextInput
            label="Amount (₦)"
            inputMode="numeric"
            autoComplete="off"
            hint={`From ${formatNaira(AIRTIME_MIN_NAIRA)} to ${formatNaira(AIRTIME_MAX_NAIRA)}.`}
            error={errors.amount?.message}
            {...form.register('amount')}
          />
          <div role="group" aria-label="Quick amounts" className="flex flex-wrap gap-2">
            {QUICK_AMOUNTS.map((quick) => (
              <button
                key={quick}
                type="button"
                onClick={() => setAmount(String(quick))}
                aria-pressed={priceNaira === quick}
                className="h-9 cursor-pointer rounded-full border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:text-brand-800"
              >
                {formatNaira(quick)}
              </button>
            ))}
          </div>
        </div>
        <RecipientFields
          phoneField={form.register('phone', { onChange: (event) => auto.phoneChanged(event.target.value) })}
          networkField={form.register('network_id', { onChange: auto.networkChosen })}
          phoneError={errors.phone?.message}
          networkError={errors.network_id?.message}
          network={network}
          auto={auto}
          ownPhone={ownPhone}
          onUseOwnPhone={(own) => form.setValue('phone', own, { shouldDirty: true, shouldValidate: isSubmitted })}
        />
        <PaySection choice={choice} checkout={checkout} priceNaira={priceNaira} ready={ready} keepForm={current} />
        <p className="sr-only" role="status">
          {filledFrom}
        </p>
      </form>
      <RecentPurchases
        kind="airtime"
        purchases={recent.data}
        isLoading={recent.isPending}
        isError={recent.isError}
        onRetry={() => void recent.refetch()}
        onRepeat={repeat}
        onPickSaved={pickSaved}
      />
    </div>
  );
}
