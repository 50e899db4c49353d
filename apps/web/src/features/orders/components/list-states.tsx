import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

export const NO_DATA = 'No data yet';

/** Placeholder cards while a list loads. */
export function ListSkeleton({ label }: { label: string }) {
  return (
    <div role="status" className="space-y-3">
      <span className="sr-only">{label}</span>
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} className="h-20 w-full" shape="card" />
      ))}
    </div>
  );
}

export function EmptyList() {
  return <p className="rounded-xl bg-white px-4 py-10 text-center text-slate-600 ring-1 ring-slate-200">{NO_DATA}</p>;
}

export function ListError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="space-y-3 rounded-xl bg-white px-4 py-6 text-center ring-1 ring-slate-200">
      <p className="text-slate-800">{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
