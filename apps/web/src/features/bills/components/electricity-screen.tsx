import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import {
  billVerifyBody,
  ELECTRICITY_MAX_NAIRA,
  ELECTRICITY_MIN_NAIRA,
  formatNaira,
  type Bill,
  type BillInput,
  type BillVerification,
} from '@ruwa/contract';
import { API_ERROR_CODES } from '@ruwa/contract/payments';
import { Button } from '@/components/ui/button';
import { PayButton } from '@/components/ui/pay-button';
import { PaymentMethodField } from '@/components/ui/payment-method-field';
import { SelectField } from '@/components/ui/select-field';
import { TextInput } from '@/components/ui/text-input';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { notifyError } from '@/lib/notify';
import { queryKeys } from '@/lib/query-keys';
import { useCheckout, type PaymentMethod } from '@/lib/use-checkout';
import { useWalletBalance } from '@/lib/wallet-query';
import { useElectricityServices } from '../api/get-bill-services';
import { billFormSchema, payBill, type BillFormValues } from '../api/pay-bill';
import { useVerifyMeter } from '../api/verify-meter';
import { BILL_SCREEN_TEXTS as TEXTS } from '../texts';

const FIELDS = ['service_id', 'type', 'billers_code', 'amount', 'phone'] as const;

type ElectricityScreenProps = {
  /** Delivered, pending or refunded: the payment's own screen says which. */
  onPaid: (bill: Bill) => void;
  /** The card popup was closed: nothing was charged. */
  onPaymentClosed: () => void;
  /** The customer's own number, where the token is texted unless they change it. */
  ownPhone?: string | null;
};

const chipClass =
  'flex min-h-11 flex-1 cursor-pointer items-center justify-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-900 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-800 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600';

/**
 * /electricity: the company, prepaid or postpaid and the meter number; the meter is checked with the
 * company (its name and address shown) before the amount and the payment are asked for.
 */
export function ElectricityScreen({ onPaid, onPaymentClosed, ownPhone }: ElectricityScreenProps) {
  const services = useElectricityServices();
  const queryClient = useQueryClient();
  const form = useForm<BillFormValues, unknown, BillInput>({
    resolver: zodResolver(billFormSchema),
    defaultValues: { service_id: '', type: 'prepaid', billers_code: '', amount: '', phone: ownPhone ?? '' },
  });
  const { errors } = form.formState;
  const [serviceId, type, meter, amount] = useWatch({
    control: form.control,
    name: ['service_id', 'type', 'billers_code', 'amount'],
  });
  const verify = useVerifyMeter();
  /** The meter as it was checked; any change to company, type or number asks for a new check. */
  const [verified, setVerified] = useState<{ key: string; meter: BillVerification } | null>(null);
  const key = `${serviceId}|${type}|${meter.trim()}`;
  const meterOk = verified?.key === key ? verified.meter : null;

  const [method, setMethod] = useState<PaymentMethod>('card');
  const [methodError, setMethodError] = useState<string>();
  const [duplicate, setDuplicate] = useState<{ message: string; input: BillInput } | null>(null);
  const { phase, checkout } = useCheckout();
  const balance = useWalletBalance();
  const priceNaira = /^\d+$/.test(amount.trim()) ? Number(amount.trim()) : null;

  const check = async () => {
    const values = form.getValues();
    const parsed = billVerifyBody.safeParse(values);
    if (!parsed.success) {
      await form.trigger(['service_id', 'type', 'billers_code']);
      return;
    }
    try {
      const meterFound = await verify.mutateAsync(parsed.data);
      setVerified({ key, meter: meterFound });
    } catch (error) {
      notifyError(applyServerErrors(error, form.setError, FIELDS));
    }
  };

  async function pay(input: BillInput, confirmDuplicate: boolean) {
    setMethodError(undefined);
    const confirm = confirmDuplicate ? { confirm_duplicate: true } : {};
    const outcome = await checkout({
      method,
      purpose: 'electricity',
      input: { ...input, ...confirm },
      record: (payment) => payBill({ ...input, ...payment, ...confirm }),
    });
    if (!outcome) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.wallet.all });
    if (outcome.status === 'paid') return onPaid(outcome.result.data);
    if (outcome.status === 'closed') return onPaymentClosed();
    if (outcome.status === 'declined') {
      if (outcome.error.status === 409 && outcome.error.code === API_ERROR_CODES.possibleDuplicate) {
        setDuplicate({ message: outcome.error.message, input });
        return;
      }
      setMethodError(outcome.error.fieldError('payment_method'));
      notifyError(applyServerErrors(outcome.error, form.setError, FIELDS));
      return;
    }
    if (outcome.status === 'pending') {
      // The card was charged; the server's webhook finishes the payment (or refunds it).
      const { error } = outcome;
      const answered = isApiError(error) && error.status > 0 && error.status < 500;
      notifyError(answered ? error.message : TEXTS.paidUnconfirmed);
      return;
    }
    notifyError(outcome.message);
  }

  const onSubmit = form.handleSubmit((input) => {
    if (!meterOk) return void check();
    void pay(input, false);
  });

  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-slate-900">{TEXTS.heading}</h1>
      <p className="text-sm text-slate-700">{TEXTS.intro}</p>
      {services.isError && !services.data && (
        <div
          role="alert"
          className="flex items-center justify-between gap-3 rounded-xl bg-red-50 p-3 text-sm text-red-800"
        >
          {TEXTS.discosFailed}
          <Button size="sm" variant="outline" onClick={() => void services.refetch()}>
            {TEXTS.tryAgain}
          </Button>
        </div>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={TEXTS.formLabel}>
        <SelectField
          label={TEXTS.disco}
          placeholder={TEXTS.discoPlaceholder}
          error={errors.service_id?.message}
          {...form.register('service_id')}
        >
          {services.data?.map((service) => (
            <option key={service.service_id} value={service.service_id} disabled={!service.enabled}>
              {service.name}
            </option>
          ))}
        </SelectField>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-900">{TEXTS.meterType}</legend>
          <div className="flex gap-2">
            <label className={chipClass}>
              <input type="radio" value="prepaid" className="sr-only" {...form.register('type')} />
              {TEXTS.prepaid}
            </label>
            <label className={chipClass}>
              <input type="radio" value="postpaid" className="sr-only" {...form.register('type')} />
              {TEXTS.postpaid}
            </label>
          </div>
        </fieldset>
        <TextInput
          label={TEXTS.meterNumber}
          inputMode="numeric"
          autoComplete="off"
          hint={TEXTS.meterHint}
          error={errors.billers_code?.message}
          {...form.register('billers_code')}
        />
        {!meterOk && (
          <Button type="button" block variant="outline" loading={verify.isPending} onClick={() => void check()}>
            {verify.isPending ? TEXTS.verifying : TEXTS.verify}
          </Button>
        )}
        {meterOk && (
          <>
            <section
              aria-label={TEXTS.verifiedHeading}
              className="rounded-xl bg-brand-50 p-4 text-sm text-slate-900 ring-1 ring-brand-200"
              role="status"
            >
              <h2 className="font-semibold text-brand-800">{TEXTS.verifiedHeading}</h2>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                <dt className="text-slate-600">{TEXTS.name}</dt>
                <dd className="font-semibold">{meterOk.customer_name}</dd>
                {meterOk.address && (
                  <>
                    <dt className="text-slate-600">{TEXTS.address}</dt>
                    <dd>{meterOk.address}</dd>
                  </>
                )}
              </dl>
              <p className="mt-2 text-xs text-slate-600">{TEXTS.notYou}</p>
            </section>
            <TextInput
              label={TEXTS.amount}
              inputMode="numeric"
              autoComplete="off"
              hint={TEXTS.amountHint(formatNaira(ELECTRICITY_MIN_NAIRA), formatNaira(ELECTRICITY_MAX_NAIRA))}
              error={errors.amount?.message}
              {...form.register('amount')}
            />
            <TextInput
              label={TEXTS.phone}
              inputMode="tel"
              autoComplete="tel"
              hint={TEXTS.phoneHint}
              error={errors.phone?.message}
              {...form.register('phone')}
            />
            <PaymentMethodField
              value={method}
              onChange={(next) => {
                setMethod(next);
                setMethodError(undefined);
              }}
              balance={balance.data}
              balanceLoading={balance.isPending}
              priceNaira={priceNaira}
              error={methodError}
            />
            <PayButton
              label={TEXTS.pay(priceNaira ? formatNaira(priceNaira) : null)}
              disabled={!amount.trim()}
              phase={phase}
              duplicateMessage={duplicate?.message ?? null}
              duplicateTitle={TEXTS.duplicateTitle}
              confirmDuplicateLabel={TEXTS.duplicateYes}
              onConfirmDuplicate={() => {
                if (!duplicate) return;
                setDuplicate(null);
                void pay(duplicate.input, true);
              }}
              onDismissDuplicate={() => setDuplicate(null)}
            />
          </>
        )}
      </form>
    </div>
  );
}
