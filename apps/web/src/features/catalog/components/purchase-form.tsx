import { useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { Location, LocationProduct, PurchaseInput, SavedAddress } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { OfflinePayNotice, useOfflinePayGuard } from '@/components/ui/offline-pay-notice';
import { SelectField } from '@/components/ui/select-field';
import { TextInput } from '@/components/ui/text-input';
import { notifyError } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { formatNaira } from '@ruwa/contract/money';
import { toLocalPhone } from '@ruwa/contract/phone';
import {
  blankPurchase,
  DEFAULT_DELIVERY_INTERVAL,
  deliveriesFor,
  DELIVERY_INTERVALS,
  priceBreakdown,
  purchaseFormSchema,
  type PurchaseFormValues as Values,
} from '../utils/purchase';
import { CylinderFields, cylinderUnitPrice, defaultCylinderSize } from './cylinder-fields';
import { availableSlots, DeliveryWindowField, slotKey } from './delivery-window-field';
import { PriceBreakdown } from './price-breakdown';
import { NEW_ADDRESS, SavedAddressField } from './saved-address-field';
import { PaymentMethodField, type PaymentMethod } from '@/components/ui/payment-method-field';
import { UnsavedPaymentNotice } from './unsaved-payment-notice';
import { isSubscriptionPrefill, type PurchasePrefill } from './purchase-prefill';

/** What the pay button hands to the payment flow: the order as the API reads it, and more. */
export type PayInput = PurchaseInput & {
  /** Keep this new address under this label. */
  save_address_label?: string;
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
  /** The customer's saved addresses, last used first. */
  savedAddresses?: SavedAddress[];
};

export const PAYMENT_SOON_HINT = 'Payment opens soon';

type PurchaseFormProps = {
  product: LocationProduct;
  locationId: number;
  /** The area's delivery fee, minimum order and windows; without it delivery shows as free. */
  location?: Location;
  mode: 'buy' | 'subscribe';
  /** e.g. 'Quantity' or 'Quantity (KG)'. */
  quantityLabel: string;
  /** Unit for messages, e.g. ' kg'. */
  quantityUnit?: string;
  /** Without it the pay button stays disabled and says payment opens soon. */
  payment?: PaymentOptions;
  /** Opens the form as it was (Try again after the popup was closed) when it is for this product and mode. */
  prefill?: PurchasePrefill | null;
};

/** The fields a server message can be shown under. */
const FORM_FIELDS = [
  'quantity',
  'recipient_address',
  'recipient_phone',
  'landmark',
  'cylinder_size_kg',
  'cylinder_type',
  'delivery_window',
  'save_address_label',
  'duration_in_days',
  'delivery_interval_days',
] as const;

/** What the schema makes of the fields as typed. */
type Checked = z.output<ReturnType<typeof purchaseFormSchema>>;

/** The form's fields as they were when `prefill` was paid for. */
function valuesFrom(prefill: PurchasePrefill, blank: Values): Values {
  const window = prefill.delivery_window ?? '';
  return {
    ...blank,
    quantity: String(prefill.quantity),
    recipient_address: prefill.recipient_address,
    recipient_phone: prefill.recipient_phone ? toLocalPhone(prefill.recipient_phone) : '',
    landmark: prefill.landmark ?? '',
    cylinder_size_kg:
      prefill.cylinder_size_kg !== undefined ? String(prefill.cylinder_size_kg) : blank.cylinder_size_kg,
    cylinder_type: prefill.cylinder_type ?? blank.cylinder_type,
    // One-off orders pick a day and a window (one choice); subscriptions a window only.
    delivery_window: window && prefill.delivery_date ? slotKey(prefill.delivery_date, window) : window,
    saved_address: prefill.address_id !== undefined ? String(prefill.address_id) : NEW_ADDRESS,
    save_address: prefill.address_id === undefined && Boolean(prefill.save_address_label),
    save_address_label: prefill.address_id === undefined ? (prefill.save_address_label ?? '') : '',
    duration_in_days:
      prefill.duration_in_days !== undefined ? String(prefill.duration_in_days) : blank.duration_in_days,
    delivery_interval_days:
      prefill.delivery_interval_days !== undefined
        ? String(prefill.delivery_interval_days)
        : blank.delivery_interval_days,
  };
}

export function PurchaseForm({
  product,
  locationId,
  location,
  mode,
  quantityLabel,
  quantityUnit = '',
  payment,
  prefill,
}: PurchaseFormProps) {
  const hintId = useId();
  const offline = useOfflinePayGuard();
  const [method, setMethod] = useState<PaymentMethod>('card');
  const [methodError, setMethodError] = useState<string | undefined>();
  const [unsaved, setUnsaved] = useState<{ message: string; reference: string; input: PayInput } | null>(null);
  const [retrying, setRetrying] = useState(false);
  const subscribe = mode === 'subscribe';
  const { user } = useSession();
  // Gas sold by cylinder here: priced per cylinder of the chosen size, not per kg.
  const cylinders = product.cylinders ?? [];
  // The buyer's own number unless someone else receives it.
  const blank = blankPurchase(user ? toLocalPhone(user.phone_number) : '', defaultCylinderSize(cylinders));
  const forThisForm =
    prefill &&
    prefill.product_id === product.id &&
    prefill.location_id === locationId &&
    isSubscriptionPrefill(prefill) === subscribe;
  const schema = useMemo(() => purchaseFormSchema(quantityUnit), [quantityUnit]);
  const form = useForm<Values, unknown, Checked>({
    mode: 'onTouched',
    // Typed for the fields' text: the contract reads its numbers from text as well as from JSON.
    resolver: zodResolver(schema as unknown as z.ZodType<Checked, Values>),
    defaultValues: forThisForm ? valuesFrom(prefill, blank) : blank,
  });
  const { errors, isSubmitting } = form.formState;
  const windows = location?.delivery_windows ?? [];
  const saved = (payment?.savedAddresses ?? []).filter((a) => a.location_id === locationId);
  // Until the customer picks, the last used (first listed) address of this area is the one.
  const preselected = saved[0];
  useEffect(() => {
    if (!preselected || form.getValues('saved_address') !== '') return;
    form.setValue('saved_address', String(preselected.id));
    if (form.getValues('recipient_address') === '') form.setValue('recipient_address', preselected.address);
    if (form.getValues('landmark') === '') form.setValue('landmark', preselected.landmark);
  }, [preselected, form]);
  // form.watch, not useWatch: the form library chunk is shared with the sign-in screen, and every
  // extra export used anywhere grows it.
  const values = form.watch();

  // The total follows what is typed; an unfinished or invalid entry counts as nothing yet.
  const quantity = schema.shape.quantity.safeParse(values.quantity).data ?? 0;
  const duration = schema.shape.duration_in_days.safeParse(values.duration_in_days).data ?? 0;
  const interval = Number(values.delivery_interval_days) || DEFAULT_DELIVERY_INTERVAL;
  const deliveries = subscribe ? deliveriesFor(duration, interval) : 1;
  const cylinder = cylinders.length ? cylinderUnitPrice(cylinders, values) : null;
  const price = priceBreakdown({
    priceNaira: cylinder ? cylinder.price : product.price,
    quantity,
    deliveryFeeNaira: location?.delivery_fee ?? 0,
    deliveries,
  });
  const total = price.total;
  const belowMinimum = location !== undefined && quantity > 0 && price.items < location.minimum_order;

  function show(problem: PayProblem | undefined, input: PayInput) {
    if (!problem) return;
    if (problem.kind === 'unsaved') {
      setUnsaved({ message: problem.message, reference: problem.reference, input });
      return;
    }
    let shown = false;
    // The day and the window are one field here.
    const fields: Record<string, string | undefined> = {
      ...problem.fields,
      delivery_window: problem.fields.delivery_window ?? problem.fields.delivery_date,
    };
    for (const field of FORM_FIELDS) {
      const message = fields[field];
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

  function bookedWindow(value: string): Pick<PayInput, 'delivery_window' | 'delivery_date'> {
    if (!windows.length) return {};
    if (subscribe) return { delivery_window: windows.find((w) => w.name === value)?.name ?? windows[0]!.name };
    const slots = availableSlots(windows);
    const slot = slots.find((s) => s.key === value) ?? slots[0];
    return slot ? { delivery_window: slot.window.name, delivery_date: slot.date } : {};
  }

  function chosenAddress(submitted: Checked): Pick<PayInput, 'address_id' | 'save_address_label'> {
    const pick = saved.find((a) => String(a.id) === submitted.saved_address);
    // A saved address edited before paying is a new one.
    if (pick && pick.address === submitted.recipient_address) return { address_id: pick.id };
    const label = submitted.save_address_label.trim();
    return submitted.save_address && label ? { save_address_label: label } : {};
  }

  /** What is paid for, from the checked fields. */
  function payInput(submitted: Checked): PayInput {
    return {
      product_id: product.id,
      location_id: locationId,
      quantity: submitted.quantity,
      recipient_address: submitted.recipient_address,
      recipient_phone: submitted.recipient_phone,
      landmark: submitted.landmark,
      ...bookedWindow(submitted.delivery_window),
      ...chosenAddress(submitted),
      ...(cylinder?.size ? { cylinder_size_kg: cylinder.size.size_kg, cylinder_type: cylinder.type } : {}),
      ...(subscribe
        ? { duration_in_days: submitted.duration_in_days, delivery_interval_days: submitted.delivery_interval_days }
        : {}),
      total,
    };
  }

  /** The form as it is, kept while the customer tops up the wallet (nothing when a field is not valid). */
  const keepForm = (): PurchasePrefill | undefined => {
    const checked = schema.safeParse(form.getValues());
    return checked.success ? payInput(checked.data as Checked) : undefined;
  };

  const onSubmit = form.handleSubmit(async (submitted) => {
    if (!payment) return;
    setMethodError(undefined);
    setUnsaved(null);
    const input = payInput(submitted);
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
      {cylinders.length > 0 && (
        <CylinderFields
          cylinders={cylinders}
          form={form}
          errors={{ size: errors.cylinder_size_kg?.message, type: errors.cylinder_type?.message }}
        />
      )}
      <TextInput
        label={quantityLabel}
        inputMode="numeric"
        autoComplete="off"
        error={errors.quantity?.message}
        {...form.register('quantity')}
      />
      {subscribe && (
        <>
          <TextInput
            label="Duration in Days"
            inputMode="numeric"
            autoComplete="off"
            hint="From 7 to 365 days."
            error={errors.duration_in_days?.message}
            {...form.register('duration_in_days')}
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
      {saved.length > 0 && (
        <SavedAddressField
          addresses={saved}
          value={values.saved_address || String(saved[0]!.id)}
          onChange={(address) => {
            form.setValue('saved_address', address ? String(address.id) : NEW_ADDRESS);
            // A saved address is kept already: its label is not asked for (the box is hidden).
            if (address) form.setValue('save_address', false);
            form.setValue('recipient_address', address?.address ?? '', { shouldValidate: !!address });
            form.setValue('landmark', address?.landmark ?? '');
          }}
        />
      )}
      <TextInput
        label="Address"
        autoComplete="street-address"
        error={errors.recipient_address?.message}
        {...form.register('recipient_address')}
      />
      <TextInput
        label="Landmark or delivery note (optional)"
        autoComplete="off"
        error={errors.landmark?.message}
        {...form.register('landmark')}
      />
      {payment && !saved.some((a) => String(a.id) === values.saved_address) && (
        <div className="space-y-2">
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" className="size-4 accent-brand-600" {...form.register('save_address')} />
            Remember it for my next orders
          </label>
          {values.save_address && (
            <TextInput
              label="Label, e.g. Home or Office"
              autoComplete="off"
              error={errors.save_address_label?.message}
              {...form.register('save_address_label')}
            />
          )}
        </div>
      )}
      {windows.length > 0 && (
        <DeliveryWindowField
          windows={windows}
          subscribe={subscribe}
          value={values.delivery_window}
          onChange={(next) => form.setValue('delivery_window', next)}
          error={errors.delivery_window?.message}
        />
      )}
      <TextInput
        label="Recipient phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        hint="The agent calls this number on arrival."
        error={errors.recipient_phone?.message}
        {...form.register('recipient_phone')}
      />
      <PriceBreakdown
        items={price.items}
        deliveryFee={price.deliveryFee}
        perDelivery={price.perDelivery}
        total={total}
        deliveries={subscribe ? deliveries : undefined}
      />
      {belowMinimum && (
        <p className="text-sm text-red-700" role="status">
          The minimum order in {location.name} is {formatNaira(location.minimum_order)} before delivery.
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
          keepForm={keepForm}
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
