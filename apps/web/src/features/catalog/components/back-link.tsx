import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';

export function BackLink({ href, label = 'Back to results' }: { href: string; label?: string }) {
  return (
    <Link
      to={href}
      className="inline-flex size-10 items-center justify-center rounded-full text-slate-800 hover:bg-slate-100"
      aria-label={label}
    >
      <ArrowLeft className="size-5" aria-hidden="true" />
    </Link>
  );
}
