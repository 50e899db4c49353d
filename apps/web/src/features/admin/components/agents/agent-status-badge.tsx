import type { AgentStatus } from '@ruwa/contract';
import { cn } from '@/lib/utils';

const TONES: Record<AgentStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-emerald-100 text-emerald-900',
  rejected: 'bg-red-100 text-red-900',
  suspended: 'bg-slate-200 text-slate-800',
};

export function AgentStatusBadge({ status }: { status: AgentStatus }) {
  return (
    <span className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize', TONES[status])}>
      {status}
    </span>
  );
}
