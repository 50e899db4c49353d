import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  SUPPORT_CASE_STATUS_ADMIN_LABELS,
  SUPPORT_CASE_STATUSES,
  type AdminSupportCase,
  type SupportCaseStatus,
} from '@ruwa/contract';
import { formatDateTime } from '@ruwa/contract/dates';
import { toLocalPhone } from '@ruwa/contract/phone';
import { BackLink } from '@/components/ui/back-link';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { TextArea } from '@/components/ui/text-area';
import { isApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { useSupportCase } from '../../api/support/get-support-cases';
import { useSupportCaseAction, type SupportCaseAction } from '../../api/support/update-support-case';

/** Addresses the route builds (features do not know the paths). */
export type SupportCaseLinks = {
  customerHref: (id: number) => string;
  /** The admin orders screen with this order open. */
  orderHref: (id: number) => string;
};

const ENTRY_LABELS: Record<AdminSupportCase['entries'][number]['kind'], string> = {
  message: 'Customer',
  reply: 'Reply to customer',
  note: 'Internal note',
};

const ENTRY_CLASSES: Record<AdminSupportCase['entries'][number]['kind'], string> = {
  message: 'bg-slate-50',
  reply: 'bg-brand-50',
  note: 'bg-amber-50 ring-1 ring-amber-200',
};

/** A textarea with its button, emptied once the server has it. */
function EntryForm({
  label,
  hint,
  button,
  onSend,
  busy,
}: {
  label: string;
  hint: string;
  button: string;
  onSend: (text: string) => Promise<unknown>;
  busy: boolean;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError(`Write the ${label.toLowerCase()} first.`);
      return;
    }
    setError(undefined);
    onSend(text.trim()).then(
      () => setText(''),
      (failure: unknown) => {
        const message = isApiError(failure)
          ? (Object.values(failure.errors)[0]?.[0] ?? failure.message)
          : String(failure);
        setError(message);
        notifyError(message);
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <TextArea
        label={label}
        hint={hint}
        rows={3}
        maxLength={2000}
        value={text}
        error={error}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" size="sm" loading={busy}>
        {button}
      </Button>
    </form>
  );
}

/** One case: who reported it, about what, everything written on it, and what the team can do. */
export function SupportCaseDetail({
  id,
  listHref,
  customerHref,
  orderHref,
}: SupportCaseLinks & { id: number; listHref: string }) {
  const { data: supportCase, isPending, isError, error, refetch } = useSupportCase(id);
  const action = useSupportCaseAction();
  const [status, setStatus] = useState<SupportCaseStatus | null>(null);
  const back = <BackLink to={listHref} label="Back to support cases" />;

  if (isPending) {
    return (
      <div role="status" className="space-y-3">
        <span className="sr-only">Loading the case</span>
        <Skeleton className="h-40 w-full" shape="card" />
      </div>
    );
  }
  if (isError) {
    return (
      <div className="space-y-3">
        {back}
        <div role="alert" className="space-y-2 rounded-xl bg-white p-4 ring-1 ring-slate-200">
          <p className="text-slate-800">
            {isApiError(error) && error.status === 404
              ? 'We could not find this case.'
              : 'We could not load this case.'}
          </p>
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      </div>
    );
  }

  const run = (change: SupportCaseAction, done: string) =>
    action.mutateAsync(change).then((answer) => {
      notifySuccess(answer.message || done);
      return answer;
    });
  const chosen = status ?? supportCase.status;
  const { customer } = supportCase;

  return (
    <div className="max-w-3xl space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        {back}
        <h1 className="text-2xl font-bold text-slate-900">Case #{supportCase.id}</h1>
      </div>
      <section aria-labelledby="case-about" className="space-y-2 rounded-xl bg-white p-4 ring-1 ring-slate-200">
        <h2 id="case-about" className="text-lg font-semibold text-slate-900">
          About
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-600">Customer</dt>
          <dd className="text-slate-900">
            <Link to={customerHref(customer.id)} className="font-medium text-brand-700 underline underline-offset-4">
              {customer.name}
            </Link>
            <span className="block text-slate-700">
              {customer.phone_number ? toLocalPhone(customer.phone_number) : ''} · {customer.email}
            </span>
          </dd>
          <dt className="text-slate-600">Reference</dt>
          <dd className="break-all text-slate-900">
            {supportCase.reference_kind === 'order' && supportCase.reference_id ? (
              <Link
                to={orderHref(supportCase.reference_id)}
                className="font-medium text-brand-700 underline underline-offset-4"
              >
                {supportCase.reference}
              </Link>
            ) : (
              supportCase.reference
            )}
          </dd>
          <dt className="text-slate-600">Opened</dt>
          <dd className="text-slate-900">{formatDateTime(supportCase.created_at)}</dd>
          <dt className="text-slate-600">Status</dt>
          <dd className="text-slate-900">{SUPPORT_CASE_STATUS_ADMIN_LABELS[supportCase.status]}</dd>
        </dl>
      </section>

      <section aria-labelledby="case-entries" className="space-y-2 rounded-xl bg-white p-4 ring-1 ring-slate-200">
        <h2 id="case-entries" className="text-lg font-semibold text-slate-900">
          Messages and notes
        </h2>
        <ol className="space-y-2">
          {supportCase.entries.map((entry) => (
            <li key={entry.id} className={cn('rounded-lg p-3 text-sm', ENTRY_CLASSES[entry.kind])}>
              <p className="text-xs font-medium text-slate-700">
                {ENTRY_LABELS[entry.kind]}
                {entry.author ? ` · ${entry.author.name}` : ''} · {formatDateTime(entry.created_at)}
              </p>
              <p className="whitespace-pre-line break-words text-slate-900">{entry.body}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="case-actions" className="space-y-4 rounded-xl bg-white p-4 ring-1 ring-slate-200">
        <h2 id="case-actions" className="text-lg font-semibold text-slate-900">
          Act on this case
        </h2>
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            void run({ kind: 'status', id, status: chosen }, 'The case status has been updated').then(
              () => setStatus(null),
              (failure: Error) => notifyError(failure.message),
            );
          }}
        >
          <SelectField
            label="Case status"
            containerClassName="min-w-56"
            value={chosen}
            onChange={(event) => setStatus(event.target.value as SupportCaseStatus)}
          >
            {SUPPORT_CASE_STATUSES.map((value) => (
              <option key={value} value={value}>
                {SUPPORT_CASE_STATUS_ADMIN_LABELS[value]}
              </option>
            ))}
          </SelectField>
          <Button type="submit" size="field" variant="outline" disabled={chosen === supportCase.status}>
            Save status
          </Button>
        </form>
        <EntryForm
          label="Reply"
          hint="The customer reads it in the app and by e-mail."
          button="Send reply"
          busy={action.isPending && action.variables?.kind === 'reply'}
          onSend={(message) => run({ kind: 'reply', id, message }, 'Your reply has been sent to the customer')}
        />
        <EntryForm
          label="Internal note"
          hint="Only admins see notes."
          button="Add note"
          busy={action.isPending && action.variables?.kind === 'note'}
          onSend={(note) => run({ kind: 'note', id, note }, 'Note added')}
        />
      </section>
    </div>
  );
}
