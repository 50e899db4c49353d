import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Navigation state marking that a form was opened from its list, so saving can go back to it. */
export const FROM_LIST = { fromList: true } as const;

/** A list screen's title with its create button. */
export function ListHeader({
  title,
  createHref,
  createLabel,
}: {
  title: string;
  createHref: string;
  createLabel: string;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <Button asChild size="sm">
        <Link to={createHref} state={FROM_LIST}>
          <Plus className="size-4" aria-hidden="true" />
          {createLabel}
        </Link>
      </Button>
    </div>
  );
}

/** A form screen's title with the way back to its list. */
export function FormHeader({ title, backHref, backLabel }: { title: string; backHref: string; backLabel: string }) {
  return (
    <div className="flex items-center gap-2">
      <Link
        to={backHref}
        className="inline-flex size-10 items-center justify-center rounded-full text-slate-800 hover:bg-slate-100"
        aria-label={backLabel}
      >
        <ArrowLeft className="size-5" aria-hidden="true" />
      </Link>
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
    </div>
  );
}

/** Narrow column for forms on wide screens. */
export function FormPage({ children }: { children: ReactNode }) {
  return <div className="max-w-2xl space-y-6">{children}</div>;
}

/** Shown by an edit screen whose record no longer exists. */
export function MissingRecord({
  message,
  backHref,
  backLabel,
}: {
  message: string;
  backHref: string;
  backLabel: string;
}) {
  return (
    <div role="alert" className="space-y-3 rounded-xl bg-white p-6 ring-1 ring-slate-200">
      <p className="text-slate-800">{message}</p>
      <Button asChild variant="outline" size="sm">
        <Link to={backHref}>{backLabel}</Link>
      </Button>
    </div>
  );
}
