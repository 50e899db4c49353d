import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/components/ui/button';
import { TextArea } from '@/components/ui/text-area';
import { applyServerErrors } from '@/lib/form-errors';
import { notifyError } from '@/lib/notify';
import { reportProblemSchema, useStoreCase } from '../api/store-case';
import { SUPPORT_TEXTS as T } from '../texts';

type ReportProblemProps = {
  /** The purchase's reference (ORD-12, SUB-3, VTU-7) or a wallet movement's TX_ id. */
  reference: string;
  /** Where the customer reads the team's replies (the Help screen). */
  helpHref: string;
};

/**
 * "Report a problem" under an order or purchase: a short form that opens a support case for its
 * reference, then says the case number and where the reply will come.
 */
export function ReportProblem({ reference, helpHref }: ReportProblemProps) {
  const [open, setOpen] = useState(false);
  const [sentCase, setSentCase] = useState<number | null>(null);
  const headingId = useId();
  const store = useStoreCase();
  const form = useForm<{ message: string }>({
    resolver: zodResolver(reportProblemSchema),
    defaultValues: { message: '' },
  });

  if (sentCase !== null) {
    return (
      <section aria-labelledby={headingId} className="space-y-2 rounded-xl bg-brand-50 p-4 ring-1 ring-brand-200">
        <h2 id={headingId} className="sr-only">
          {T.reportHeading(reference)}
        </h2>
        <p role="status" className="text-sm text-slate-900">
          {T.sent(sentCase)}
        </p>
        <Button asChild variant="outline" size="sm">
          <Link to={helpHref}>{T.seeReports}</Link>
        </Button>
      </section>
    );
  }
  if (!open) {
    return (
      <Button variant="outline" block onClick={() => setOpen(true)}>
        {T.reportButton}
      </Button>
    );
  }

  const onSubmit = form.handleSubmit((values) =>
    store.mutate(
      { reference, message: values.message },
      {
        onSuccess: ({ data }) => setSentCase(data.id),
        onError: (error) => notifyError(applyServerErrors(error, form.setError, ['message']) || T.sendFailed),
      },
    ),
  );
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {T.reportHeading(reference)}
      </h2>
      <form onSubmit={onSubmit} noValidate className="space-y-3">
        <TextArea
          label={T.messageLabel}
          hint={T.messageHint}
          rows={4}
          maxLength={2000}
          autoFocus
          error={form.formState.errors.message?.message}
          {...form.register('message')}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" loading={store.isPending}>
            {T.send}
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={store.isPending}
            onClick={() => {
              form.reset();
              setOpen(false);
            }}
          >
            {T.cancel}
          </Button>
        </div>
      </form>
    </section>
  );
}
