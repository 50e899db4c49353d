import type { ReactNode } from 'react';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

type ScreenHeaderProps = { title: string; backHref?: string; backLabel?: string; children?: ReactNode };

export function ScreenHeader({ title, backHref, backLabel = 'Back to wallet', children }: ScreenHeaderProps) {
  return (
    <div className="flex items-center gap-2">
      {backHref && (
        <Link
          to={backHref}
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-slate-800 hover:bg-slate-100"
          aria-label={backLabel}
        >
          <ArrowLeft className="size-5" aria-hidden="true" />
        </Link>
      )}
      <h1 className="min-w-0 flex-1 text-xl font-bold text-slate-900">{title}</h1>
      {children}
    </div>
  );
}
