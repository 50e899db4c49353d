import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CircleCheck, CircleX, Clock, Copy } from 'lucide-react';
import { formatNaira, groupToken, koboToNaira } from '@ruwa/contract';
import { formatDateTime } from '@ruwa/contract/dates';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { copyText } from '@/lib/clipboard';
import { useBill } from '../api/get-bill';
import { BILL_SCREEN_TEXTS } from '../texts';

const TEXTS = BILL_SCREEN_TEXTS.outcome;

/** Where the customer can go next, as addresses the route builds (features do not know the paths). */
export type BillOutcomeLinks = { payAgain: string; wallet: string; receipt: (reference: string) => string };

const ICONS = {
  delivered: <CircleCheck className="size-16 text-brand-600" aria-hidden="true" />,
  pending: <Clock className="size-16 text-amber-600" aria-hidden="true" />,
  failed: <CircleX className="size-16 text-red-700" aria-hidden="true" />,
};

function Outcome({ icon, title, children }: { icon: keyof typeof ICONS; title: string; children: ReactNode }) {
  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center gap-4 text-center">
      {ICONS[icon]}
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {children}
    </section>
  );
}

/**
 * One electricity payment as the server has it now (asked again while pending): delivered with the
 * token to copy, pending with what happens next, or refunded with where the money went. Never
 * "successful" on money sent back.
 */
export function BillOutcome({ reference, links }: { reference: string | null; links: BillOutcomeLinks }) {
  const { data: bill, isPending, isError, error, refetch } = useBill(reference);

  if (reference === null || (isError && isApiError(error) && error.status === 404))
    return (
      <Outcome icon="failed" title={TEXTS.notFound}>
        <Button asChild>
          <Link to={links.payAgain}>{TEXTS.payAgain}</Link>
        </Button>
      </Outcome>
    );
  if (isPending) return <PageSpinner label={TEXTS.checking} />;
  if (!bill)
    return (
      <Outcome icon="pending" title={TEXTS.unreachable}>
        <p className="max-w-sm text-slate-700">{TEXTS.safe}</p>
        <Button onClick={() => void refetch()}>{TEXTS.checkAgain}</Button>
      </Outcome>
    );

  const amount = formatNaira(koboToNaira(bill.amount_kobo));
  const refunded = bill.status === 'refunded' || bill.status === 'failed';
  const icon = bill.status === 'delivered' ? 'delivered' : refunded ? 'failed' : 'pending';
  const title = bill.status === 'delivered' ? TEXTS.delivered : refunded ? TEXTS.refunded : TEXTS.pending;
  return (
    <Outcome icon={icon} title={title}>
      {bill.status === 'pending' && (
        <p className="max-w-sm text-slate-700" role="status">
          {TEXTS.pendingBody(amount)}
        </p>
      )}
      {refunded && (
        <p className="max-w-sm text-slate-700">
          {bill.payment_method === 'card' ? TEXTS.refundedCard(amount) : TEXTS.refundedWallet(amount)}
        </p>
      )}
      {bill.status === 'delivered' && bill.token && (
        <div className="w-full max-w-sm space-y-2 rounded-xl bg-white p-4 ring-2 ring-brand-600">
          <p className="text-sm font-medium text-slate-700">{TEXTS.token}</p>
          <p className="font-mono text-2xl font-bold tracking-wide text-slate-900 select-all" aria-label={TEXTS.token}>
            {groupToken(bill.token)}
          </p>
          {bill.units && (
            <p className="text-sm text-slate-700">
              {TEXTS.units}: {bill.units}
            </p>
          )}
          <Button
            variant="outline"
            onClick={() => void copyText(bill.token!, { copied: TEXTS.copied, what: TEXTS.tokenWhat })}
          >
            <Copy className="size-4" aria-hidden="true" />
            {TEXTS.copy}
          </Button>
          <p className="text-xs text-slate-600">{TEXTS.tokenHint}</p>
        </div>
      )}
      {bill.status === 'delivered' && !bill.token && <p className="max-w-sm text-slate-700">{TEXTS.postpaidBody}</p>}
      <dl
        aria-label={TEXTS.details}
        className="grid w-full max-w-sm grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-xl bg-white p-4 text-left text-sm ring-1 ring-slate-200"
      >
        <dt className="text-slate-600">{TEXTS.company}</dt>
        <dd className="text-right font-medium text-slate-900">{bill.service_name}</dd>
        <dt className="text-slate-600">{TEXTS.meter}</dt>
        <dd className="text-right text-slate-900">{bill.billers_code}</dd>
        {bill.customer_name && (
          <>
            <dt className="text-slate-600">{TEXTS.meterName}</dt>
            <dd className="text-right text-slate-900">{bill.customer_name}</dd>
          </>
        )}
        <dt className="text-slate-600">{TEXTS.amount}</dt>
        <dd className="text-right font-semibold text-slate-900">{amount}</dd>
        <dt className="text-slate-600">{TEXTS.paidBy}</dt>
        <dd className="text-right text-slate-900">{bill.payment_method === 'wallet' ? TEXTS.wallet : TEXTS.card}</dd>
        <dt className="text-slate-600">{TEXTS.reference}</dt>
        <dd className="text-right text-slate-900">{bill.reference}</dd>
        <dt className="text-slate-600">{TEXTS.date}</dt>
        <dd className="text-right text-slate-900">{formatDateTime(bill.created_at)}</dd>
      </dl>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild variant="outline">
          <Link to={links.receipt(bill.reference)}>{TEXTS.receipt}</Link>
        </Button>
        <Button asChild variant={refunded ? 'primary' : 'outline'}>
          <Link to={links.payAgain}>{TEXTS.payAgain}</Link>
        </Button>
        {refunded && bill.payment_method === 'wallet' && (
          <Button asChild variant="outline">
            <Link to={links.wallet}>{TEXTS.toWallet}</Link>
          </Button>
        )}
      </div>
    </Outcome>
  );
}
