import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

/** The round arrow at the start of a screen's heading row; `label` says where it goes. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-slate-800 hover:bg-slate-100"
      aria-label={label}
    >
      <ArrowLeft className="size-5" aria-hidden="true" />
    </Link>
  );
}
