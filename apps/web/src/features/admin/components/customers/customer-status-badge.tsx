import { cn } from '@/lib/utils';
import type { CustomerStatus } from '@ruwa/contract/replies';

/** Active or Suspended, in words and colour. */
export function CustomerStatusBadge({ status }: { status: CustomerStatus }) {
  const suspended = status === 'suspended';
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold',
        suspended ? 'bg-red-100 text-red-800' : 'bg-emerald-100 text-emerald-800',
      )}
    >
      {suspended ? 'Suspended' : 'Active'}
    </span>
  );
}
