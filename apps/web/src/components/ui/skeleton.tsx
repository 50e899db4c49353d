import { cn } from '@/lib/utils';

/** A grey placeholder block shown where content is loading. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-lg bg-slate-200 motion-reduce:animate-none', className)}
    />
  );
}
