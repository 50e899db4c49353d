import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-client';

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

type RecordQuery<Record> = { data: Record | undefined; isPending: boolean; error: unknown };

type RecordDetailProps<Record> = {
  /** From the address; null when it is missing or not a number. */
  id: number | null;
  /** What the record is, for the messages: 'agent' gives "This agent does not exist.". */
  noun: string;
  backHref: string;
  backLabel: string;
  /** The record's query hook (the same one on every render). */
  useRecord: (id: number) => RecordQuery<Record>;
  /** The heading once it has loaded. */
  title: (record: Record) => string;
  /** While loading: whether a wide block follows the two cards. */
  tallSkeleton?: boolean;
  children: (record: Record) => ReactNode;
};

/**
 * An admin screen about one record (an agent, a customer): a back link and its title over the
 * content, a skeleton of the title and the two cards while it loads, and a message with the way
 * back when no record was chosen, it does not exist or could not be loaded.
 */
export function RecordDetail<Record>({ id, noun, backHref, backLabel, ...rest }: RecordDetailProps<Record>) {
  if (id === null)
    return <MissingRecord message={`No ${noun} was chosen.`} backHref={backHref} backLabel={backLabel} />;
  return <LoadedRecord id={id} noun={noun} backHref={backHref} backLabel={backLabel} {...rest} />;
}

function LoadedRecord<Record>({
  id,
  noun,
  backHref,
  backLabel,
  useRecord,
  title,
  tallSkeleton = false,
  children,
}: RecordDetailProps<Record> & { id: number }) {
  const { data, isPending, error } = useRecord(id);
  if (isPending) {
    return (
      <div className="space-y-4" aria-busy="true">
        <p className="sr-only">Loading the {noun}</p>
        <Skeleton className="h-10 w-64" />
        <div className="grid gap-4 lg:grid-cols-3">
          <Skeleton className="h-48 lg:col-span-2" />
          <Skeleton className="h-48" />
        </div>
        {tallSkeleton && <Skeleton className="h-64" />}
      </div>
    );
  }
  if (data === undefined) {
    const message =
      isApiError(error) && error.status === 404 ? `This ${noun} does not exist.` : `The ${noun} could not be loaded.`;
    return <MissingRecord message={message} backHref={backHref} backLabel={backLabel} />;
  }
  return (
    <div className="space-y-6">
      <FormHeader title={title(data)} backHref={backHref} backLabel={backLabel} />
      {children(data)}
    </div>
  );
}

/** One fact about the record: a small capitalised label over its value. */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}
