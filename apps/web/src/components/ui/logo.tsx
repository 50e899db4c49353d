import { cn } from '@/lib/utils';

export function Logo({ className }: { className?: string }) {
  return (
    <span
      className={cn('inline-flex items-center gap-1.5 text-xl font-extrabold tracking-tight text-brand-700', className)}
    >
      <svg viewBox="0 0 32 32" className="size-7" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path d="M16 6c-4 5.5-7 9.3-7 12.6A7 7 0 0 0 23 18.6C23 15.3 20 11.5 16 6z" fill="#fff" />
      </svg>
      Ruwa
    </span>
  );
}
