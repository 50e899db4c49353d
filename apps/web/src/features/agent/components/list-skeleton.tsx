import { Skeleton } from '@/components/ui/skeleton';

/** Placeholder rows while a list of the agent area loads. */
export function ListSkeleton({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" className="space-y-3">
      <Skeleton className="h-28" />
      <Skeleton className="h-28" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
