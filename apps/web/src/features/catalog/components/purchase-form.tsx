import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { LocationProduct } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { OfflinePayNotice, useOfflinePayGuard } from '@/components/ui/offline-pay-notice';
import { SelectField } from '@/components/ui/select-field';
import { TextInput } from '@/components/ui/text-input';
import { notifyError } from '@/lib/notify';
import { formatNaira } from '@ruwa/contract/money';
import {
  addressError,
  DEFAULT_DELIVERY_INTERVAL,
  deliveriesFor,
  DELIVERY_INTERVALS,
  durationError,
  parseWholeNumber,
  purchaseTotal,
  quantityError,
} from '../utils/purchase';
import { PaymentMethodField, type PaymentMethod } from '@/components/ui/payment-method-field';
import { UnsavedPaymentNotice } from './unsaved-payment-notice';

/** What the pay button hands to the payment flow (built by the payments issue). */
export type PayInput = {
  product_id: number;
  location_id: number;
  quantity: number;
  recipient_address: string;
  /** Subscriptions only. */
  duration_in_days?: number;
  delivery_interval_days?: number;
  /** Naira, as shown on the button; the server computes the amount it charges itself. */
  total: number;
};

export type { PaymentMethod };

/** Why a payment did not complete (the payment flow answers it; the form shows it). */
export type PayProblem =
  /** The card was charged but the order was not stored: shown with the reference, never lost. */
  | { kind: 'unsaved'; message: string; reference: string }
  /** Nothing was charged; `fields` holds the server's first message per field. */
  | { kind: 'error'; message: string; fields: Record<string, string>; code?: string };

/**
 * Pays and stores the order. `reference` is given to store again an order whose card payment went
 * through but whose saving failed. Resolves with what went wrong, or nothing when it went through.
 */
export type PayHandler = (
  input: PayInput,
  method: PaymentMethod,
  reference?: string,
) => Promise<PayProblem | undefined> | void;

/** The payment flow the app passes in (card popup or wallet, then the store call). */
export type PaymentOptions = {
  onPay: PayHandler;
  /** paying: the popup is open or the wallet is debited; saving: the order is being stored. */
  phase: 'idle' | 'paying' | 'saving';
  walletBalance: number | undefined;
  walletLoading: boolean;
};

export const PAYMENT_SOON_HINT = 'Payment opens soon';

type PurchaseFormProps = {
  product: LocationProduct;
  locationId: number;
  mode: 'buy' | 'subscribe';
  /** e.g. 'Quantity' or 'Quantity (KG)'. */
  quantityLabel: string;
  /** Unit for messages, e.g. ' kg'. */
  quantityUnit?: string;
  /** Without it the pay button stays disabled and says payment opens soon. */
  payment?: PaymentOptions;
};

/** The fields a server message can be shown under. */
const FORM_FIELDS = ['quantity', 'recipient_address', 'duration_in_days', 'delivery_interval_days'] as const;

type Values = {
  quantity: string;
  recipient_address: string;
  duration_in_days: string;
  delivery_interval_days: string;
};

export function PurchaseForm({
  product,
  locationId,
  mode,
  quantityLabel,
  quantityUnit = '',
  payment,
}: PurchaseFormProps) {
  const hintId = useId();
  const offline = useOfflinePayGuard();
  const [method, setMethod] = useState<PaymentMethod>('card');
  const [methodError, setMethodError] = useState<string | undefined>();
  const [unsaved, setUnsaved] = useState<{ message: string; reference: string; input: PayInput } | null>(null);
  const [retrying, setRetrying] = useState(false);
  const subscribe = mode === 'subscribe';
  const form = useForm<Values>({
    mode: 'onTouched',
    defaultValues: {
      quantity: '1',
      recipient_address: '',
      duration_in_days: '30',
      delivery_interval_days: String(DEFAULT_DELIVERY_INTERVAL),
    },
  });
  const { errors, isSubmitting } = form.formState;
  // form.watch, not useWatch: the form library chunk is shared with the sign-in screen, and every
  // extra export used anywhere grows it.
  const values = form.watch();

  // The total follows what is typed; an unfinished or invalid entry counts as nothing yet.
  const quantity = quantityError(values.quantity ?? '') ? 0 : (parseWholeNumber(values.quantity ?? '') ?? 0);
  const duration = durationError(values.duration_in_days ?? '')
    ? 0
    : (parseWholeNumber(values.duration_in_days ?? '') ?? 0);
  const interval = Number(values.delivery_interval_days) || DEFAULT_DELIVERY_INTERVAL;
  const deliveries = subscribe ? deliveriesFor(duration, interval) : 1;
  const perDelivery = purchaseTotal({ priceNaira: product.price, quantity });
  const total = purchaseTotal({ priceNaira: product.price, quantity, deliveries });

  function show(problem: PayProblem | undefined, input: PayInput) {
    if (!problem) return;
    if (problem.kind === 'unsaved') {
      setUnsaved({ message: problem.message, reference: problem.reference, input });
      return;
    }
    let shown = false;
    for (const field of FORM_FIELDS) {
      const message = problem.fields[field];
      if (message) {
        form.setError(field, { type: 'server', message }, { shouldFocus: !shown });
        shown = true;
      }
    }
    if (problem.fields.payment_method || problem.code === 'insufficient_balance') {
      setMethodError(problem.fields.payment_method ?? problem.message);
      shown = true;
    }
    if (!shown) notifyError(problem.message);
  }

  const onSubmit = form.handleSubmit(async (submitted) => {
    if (!payment) return;
    setMethodError(undefined);
    setUnsaved(null);
    const input: PayInput = {
      product_id: product.id,
      location_id: locationId,
      quantity: Number(submitted.quantity.trim()),
      recipient_address: submitted.recipient_address.trim(),
      ...(subscribe
        ? {
            duration_in_days: Number(submitted.duration_in_days.trim()),
            delivery_interval_days: Number(submitted.delivery_interval_days),
          }
        : {}),
      total,
    };
    show((await payment.onPay(input, method)) ?? undefined, input);
  });

  async function retrySave() {
    if (!payment || !unsaved) return;
    setRetrying(true);
    try {
      const problem = await payment.onPay(unsaved.input, 'card', unsaved.reference);
      if (problem?.kind === 'unsaved') setUnsaved({ ...unsaved, message: problem.message });
      else show(problem ?? undefined, unsaved.input);
    } finally {
      setRetrying(false);
    }
  }

  // The other tab's form (or a retry) is paying: one purchase at a time.
  const busyElsewhere = payment !== undefined && payment.phase !== 'idle' && !isSubmitting && !retrying;
  const saving = isSubmitting && payment?.phase === 'saving';

  const verb = subscribe ? 'Subscribe' : 'Buy';
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={subscribe ? 'Subscribe' : 'Buy'}>
      <TextInput
        label={quantityLabel}
        inputMode="numeric"
        autoComplete="off"
        error={errors.quantity?.message}
        {...form.register('quantity', { validate: (value) => quantityError(value, quantityUnit) })}
      />
      {subscribe && (
        <>
          <TextInput
            label="Duration in Days"
            inputMode="numeric"
            autoComplete="off"
            hint="From 7 to 365 days."
            error={errors.duration_in_days?.message}
            {...form.register('duration_in_days', { validate: durationError })}
          />
          <SelectField label="Deliver every" {...form.register('delivery_interval_days')}>
            {DELIVERY_INTERVALS.map((days) => (
              <option key={days} value={days}>
                {days === 1 ? 'Every day' : `${days} days`}
              </option>
            ))}
          </SelectField>
        </>
      )}
      <TextInput
        label="Address"
        autoComplete="street-address"
        error={errors.recipient_address?.message}
        {...form.register('recipient_address', { validate: addressError })}
      />
      {subscribe && (
        <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900" aria-live="polite">
          {perDelivery > 0 ? formatNaira(perDelivery) : '—'} x {deliveries}{' '}
          {deliveries === 1 ? 'delivery' : 'deliveries'}
        </p>
      )}
      {payment && (
        <PaymentMethodField
          value={method}
          onChange={(next) => {
            setMethod(next);
            setMethodError(undefined);
          }}
          balance={payment.walletBalance}
          balanceLoading={payment.walletLoading}
          priceNaira={total}
          error={methodError}
          disabled={isSubmitting}
        />
      )}
      {unsaved && (
        <UnsavedPaymentNotice
          message={unsaved.message}
          reference={unsaved.reference}
          onRetry={() => void retrySave()}
          retrying={retrying}
        />
      )}
      <div className="space-y-1.5">
        <Button
          type="submit"
          block
          disabled={!payment || busyElsewhere || retrying || offline.disabled}
          loading={isSubmitting}
          aria-describedby={payment ? offline.describedBy : hintId}
        >
          {/* No price for a quantity that is not one yet: "—", never a "Buy ₦0" to press. */}
          {saving ? 'Saving...' : `${verb} ${total > 0 ? formatNaira(total) : '—'}`}
        </Button>
        {payment && <OfflinePayNotice {...offline} />}
        {!payment && (
          <p id={hintId} className="text-center text-sm text-slate-600">
            {PAYMENT_SOON_HINT}
          </p>
        )}
      </div>
    </form>
  );
}
