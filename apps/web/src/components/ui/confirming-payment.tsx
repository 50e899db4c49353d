import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/utils';

export const CONFIRMING_PAYMENT = {
  title: 'Confirming your payment',
  body: 'Your card payment went through. We are confirming your purchase: please do not pay again.',
} as const;

/**
 * What a purchase screen shows instead of its form while a card payment made before a reload is
 * confirmed: the form would invite paying a second time.
 */
export function ConfirmingPayment() {
  return (
    <section
      role="status"
      className="flex min-h-[60vh] flex-col items-center justify-center gap-4 text-center text-slate-800"
    >
      <Loader2 className="size-12 animate-spin text-brand-600" aria-hidden="true" />
      <h1 className="text-2xl font-bold text-slate-900">{CONFIRMING_PAYMENT.title}</h1>
      <p className="max-w-sm">{CONFIRMING_PAYMENT.body}</p>
    </section>
  );
}

/** Above the form when a payment made before a reload still could not be recorded. */
export function UnconfirmedPaymentNotice({ message, className }: { message: string | null; className?: string }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className={cn('rounded-xl bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200', className)}
    >
      {message}
    </p>
  );
}
