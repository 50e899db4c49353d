import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-client';
import { FormHeader, MissingRecord } from './catalog/admin-page-header';

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
