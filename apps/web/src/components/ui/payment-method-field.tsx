import { useId } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { formatNaira } from '@ruwa/contract/money';
import { useTopUpLink } from '@/lib/top-up-link';
import type { PaymentMethod } from '@/lib/use-checkout';
import { cn } from '@/lib/utils';

export type { PaymentMethod };

type PaymentMethodFieldProps = {
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  /** Naira; undefined while it loads or when it could not be loaded. */
  balance: number | undefined;
  balanceLoading: boolean;
  /** What this purchase costs (naira), once known. */
  priceNaira: number | null;
  /** The server's message, e.g. a wallet too short for the purchase. */
  error?: string;
  disabled?: boolean;
  /**
   * What the form holds, as its screen's `prefill` route state: kept in this screen's history entry
   * when the customer leaves to top up, so coming back after the deposit opens the form as it was.
   */
  keepForm?: () => unknown;
};

const optionClass =
  'flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-900 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600';

/** Card (the payment popup) or the wallet, with the wallet's balance in its label. */
export function PaymentMethodField({
  value,
  onChange,
  balance,
  balanceLoading,
  priceNaira,
  error,
  disabled = false,
  keepForm,
}: PaymentMethodFieldProps) {
  const id = useId();
  const short = balance !== undefined && priceNaira !== null && priceNaira > balance;
  const topUpHref = useTopUpLink();
  // Whole naira, rounded up: a top-up of exactly the difference covers the purchase.
  const shortBy = short ? Math.ceil((priceNaira ?? 0) - (balance ?? 0)) : 0;
  const walletLabel =
    balance !== undefined
      ? `Pay with wallet (balance ${formatNaira(balance)})`
      : balanceLoading
        ? 'Pay with wallet (checking balance)'
        : 'Pay with wallet';
  const messageId = `${id}-message`;
  const message =
    error ?? (short && value === 'wallet' ? 'Your wallet balance is too low for this purchase.' : undefined);

  return (
    <fieldset
      aria-describedby={message ? messageId : undefined}
      aria-invalid={error ? true : undefined}
      disabled={disabled}
    >
      <legend className="mb-1.5 text-sm font-medium text-slate-800">Payment method</legend>
      <div className="grid gap-2">
        {(['card', 'wallet'] as const).map((method) => (
          <label key={method} className={optionClass}>
            <input
              type="radio"
              name={`${id}-method`}
              value={method}
              checked={value === method}
              onChange={() => onChange(method)}
              className="size-4 accent-brand-600"
            />
            {method === 'card' ? 'Pay with card' : walletLabel}
          </label>
        ))}
      </div>
      {message && (
        <p
          id={messageId}
          role={error ? 'alert' : undefined}
          className={cn('mt-1.5 text-sm', error ? 'text-red-700' : 'text-amber-800')}
        >
          {message}
        </p>
      )}
      {shortBy > 0 && value === 'wallet' && topUpHref && (
        <TopUpLink to={topUpHref(shortBy)} amountNaira={shortBy} keepForm={keepForm} />
      )}
    </fieldset>
  );
}

/** "Top up ₦X": to the deposit screen, keeping the form in this screen's history entry first. */
function TopUpLink({ to, amountNaira, keepForm }: { to: string; amountNaira: number; keepForm?: () => unknown }) {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <Link
      to={to}
      onClick={() => {
        const prefill = keepForm?.();
        if (prefill) void navigate(location, { replace: true, state: { prefill } });
      }}
      className="mt-1.5 inline-block text-sm font-semibold text-brand-700 underline underline-offset-2"
    >
      Top up {formatNaira(amountNaira)}
    </Link>
  );
}
