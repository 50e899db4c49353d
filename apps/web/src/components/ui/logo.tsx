import { cn } from '@/lib/utils';

const SIZES = { md: 'text-xl', lg: 'text-2xl' };

export function Logo({ className, size = 'md' }: { className?: string; size?: keyof typeof SIZES }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 font-extrabold tracking-tight text-brand-700',
        SIZES[size],
        className,
      )}
    >
      <svg viewBox="0 0 32 32" className="size-7" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path d="M16 6c-4 5.5-7 9.3-7 12.6A7 7 0 0 0 23 18.6C23 15.3 20 11.5 16 6z" fill="#fff" />
      </svg>
      Ruwa
    </span>
  );
}
