import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import {
  formatNaira,
  NETWORK_LABELS,
  toLocalPhone,
  type Beneficiary,
  type DataBundle,
  type Network,
} from '@ruwa/contract';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { notifyError } from '@/lib/notify';
import { queryKeys } from '@/lib/query-keys';
import { dataFormSchema, type DataFormValues, type DataInput } from '../api/buy-data';
import { dataBundlesQueryOptions, useDataBundles } from '../api/get-data-bundles';
import { useRecentPurchases } from '../api/get-recent-purchases';
import { useNetworkAutoSelect } from '../hooks/use-network-auto-select';
import { useVtuCheckout } from '../hooks/use-vtu-checkout';
import { asNetwork } from '../utils/form';
import { usePrefillOnce, type PurchaseHandlers, type VtuPrefill } from './airtime-form';
import { RecipientFields } from './recipient-fields';
import { BundlePicker } from './bundle-picker';
import { PaySection, usePaymentChoice } from './pay-section';
import { RecentPurchases } from './recent-purchases';

const FIELDS = ['phone', 'network_id', 'variation_id', 'price'] as const;
export const BUNDLE_GONE = 'That bundle is no longer on sale. Choose another.';

/** Phone, network and a bundle; choosing a bundle sets its id and price. */
export function DataForm({ onPaid, onPaymentClosed, prefill, ownPhone }: PurchaseHandlers) {
  const queryClient = useQueryClient();
  const form = useForm<DataFormValues, unknown, DataInput>({
    resolver: zodResolver(dataFormSchema),
    defaultValues: { phone: '', network_id: '', variation_id: '', price: '' },
  });
  const { errors, isSubmitted } = form.formState;
  const [phone, networkId, variationId] = useWatch({
    control: form.control,
    name: ['phone', 'network_id', 'variation_id'],
  });
  const network = asNetwork(networkId);
  const bundles = useDataBundles(network || null);
  const chosen = bundles.data?.find((bundle) => String(bundle.id) === variationId) ?? null;

  const setBundle = (bundle: DataBundle | null) => {
    form.setValue('variation_id', bundle ? String(bundle.id) : '', { shouldDirty: true });
    form.setValue('price', bundle ? String(bundle.price) : '', { shouldDirty: true });
    if (bundle) form.clearErrors(['variation_id', 'price']);
  };
  // A bundle belongs to one network: another network starts the choice again.
  const setNetwork = (next: Network | '') => {
    form.setValue('network_id', next, { shouldValidate: isSubmitted });
    setBundle(null);
  };
  const auto = useNetworkAutoSelect({ network, setNetwork });
  const choice = usePaymentChoice();
  const [notice, setNotice] = useState('');
  const recent = useRecentPurchases();
  /** The form as it is, to fill it again (after a closed popup, or back from a top-up). */
  const current = (): VtuPrefill => {
    const values = form.getValues();
    return {
      kind: 'data',
      phone: values.phone,
      network: asNetwork(values.network_id) || 'mtn',
      amount: chosen?.price ?? 0,
      bundle: chosen?.name ?? null,
    };
  };
  const checkout = useVtuCheckout({
    onPaid,
    onClosed: () => onPaymentClosed(current()),
    onError: (error) => {
      choice.failed(error);
      // A price changed since the list loaded: show the new one.
      if (isApiError(error) && (error.fieldError('price') || error.fieldError('variation_id'))) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.vtu.bundlesAll });
      }
      notifyError(applyServerErrors(error, form.setError, FIELDS));
    },
  });

  const ready = Boolean(phone?.trim() && network && variationId);

  const repeat = async (purchase: VtuPrefill) => {
    form.setValue('phone', purchase.phone, { shouldDirty: true });
    form.setValue('network_id', purchase.network, { shouldDirty: true });
    setBundle(null);
    auto.filled(purchase.phone);
    form.clearErrors();
    setNotice('');
    let list: DataBundle[];
    try {
      list = await queryClient.fetchQuery(dataBundlesQueryOptions(purchase.network));
    } catch {
      return; // the picker shows the failure and a retry
    }
    // Today's price of the same bundle, never the price paid back then.
    const same = list.find((bundle) => bundle.name === purchase.bundle);
    if (form.getValues('network_id') !== purchase.network) return;
    setBundle(same ?? null);
    setNotice(
      same ? `Filled in ${same.name} ${NETWORK_LABELS[purchase.network]} data for ${purchase.phone}.` : BUNDLE_GONE,
    );
  };

  const pickSaved = (saved: Beneficiary) => {
    const local = toLocalPhone(saved.phone);
    form.setValue('phone', local, { shouldDirty: true, shouldValidate: isSubmitted });
    // A bundle belongs to its network: another network's list is chosen from again.
    if (form.getValues('network_id') !== saved.network_id) setBundle(null);
    form.setValue('network_id', saved.network_id, { shouldDirty: true, shouldValidate: isSubmitted });
    auto.filled(local);
    setNotice(`Filled in ${saved.name}: ${local}, ${NETWORK_LABELS[saved.network_id]}.`);
  };

  usePrefillOnce('data', prefill, (p) => void repeat(p));

  const onSubmit = form.handleSubmit((input) => {
    choice.clear();
    void checkout.pay({ kind: 'data', input }, choice.method);
  });

  return (
    <div className="space-y-6">
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Buy data">
        <RecipientFields
          phoneField={form.register('phone', { onChange: (event) => auto.phoneChanged(event.target.value) })}
          networkField={form.register('network_id', {
            onChange: () => {
              auto.networkChosen();
              setBundle(null);
            },
          })}
          phoneError={errors.phone?.message}
          networkError={errors.network_id?.message}
          network={network}
          auto={auto}
          ownPhone={ownPhone}
          onUseOwnPhone={(own) => form.setValue('phone', own, { shouldDirty: true, shouldValidate: isSubmitted })}
        />
        <BundlePicker
          network={network || null}
          bundles={bundles.data}
          isLoading={bundles.isPending}
          isError={bundles.isError}
          onRetry={() => void bundles.refetch()}
          value={variationId ?? ''}
          onChoose={(bundle) => {
            setBundle(bundle);
            setNotice('');
          }}
          error={errors.variation_id?.message ?? errors.price?.message}
        />
        <div aria-live="polite">
          {chosen && (
            <p data-testid="chosen-bundle" className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900">
              <span className="font-semibold">{chosen.name}</span> for{' '}
              <span className="font-semibold">{formatNaira(chosen.price)}</span>
            </p>
          )}
        </div>
        <p role="status" className={notice === BUNDLE_GONE ? 'text-sm text-amber-800' : 'sr-only'}>
          {notice}
        </p>
        <PaySection
          choice={choice}
          checkout={checkout}
          priceNaira={chosen?.price ?? null}
          ready={ready}
          keepForm={current}
        />
      </form>
      <RecentPurchases
        kind="data"
        purchases={recent.data}
        isLoading={recent.isPending}
        isError={recent.isError}
        onRetry={() => void recent.refetch()}
        onRepeat={(purchase) => void repeat(purchase)}
        onPickSaved={pickSaved}
      />
    </div>
  );
}
