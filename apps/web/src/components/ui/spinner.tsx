import { cn } from '@/lib/utils';

type SpinnerProps = {
  /** Its size; size-5 (a button's icon) unless given. */
  className?: string;
  /** Set when the spinner stands alone; inside a busy button the button says it is busy. */
  label?: string;
};

export function Spinner({ className = 'size-5', label }: SpinnerProps) {
  return (
    <svg
      data-slot="spinner"
      viewBox="0 0 24 24"
      fill="none"
      className={cn('animate-spin motion-reduce:animate-[spin_1.5s_linear_infinite]', className)}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

/** Full-area loading state for a screen or a lazily loaded route. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center text-brand-600">
      <Spinner className="size-8" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
