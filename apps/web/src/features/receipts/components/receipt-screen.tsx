import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
// Only icons the app's first screens already carry: every lucide icon rides in the shared ui chunk.
import { CircleX } from 'lucide-react';
import type { Receipt } from '@ruwa/contract';
import { formatNaira } from '@ruwa/contract/money';
import { BackLink } from '@/components/ui/back-link';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { saveFile } from '@/lib/api-file';
import { notifyError } from '@/lib/notify';
import { getReceiptDocument, useReceiptImage } from '../api/get-receipt-file';
import { useReceipt } from '../api/get-receipt';
import { canShareFiles, canWebShare, shareReceipt, whatsAppLink } from '../utils/share';
import { RECEIPT_TEXTS as T } from './texts';

const TONES: Record<string, string> = {
  delivered: 'bg-emerald-100 text-emerald-900',
  success: 'bg-emerald-100 text-emerald-900',
  completed: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-red-100 text-red-900',
  refunded: 'bg-red-100 text-red-900',
  cancelled: 'bg-red-100 text-red-900',
  reversed: 'bg-red-100 text-red-900',
};

type ReceiptScreenProps = {
  reference: string;
  backHref: string;
  /** Where another receipt (the purchase a wallet row paid for) opens. */
  receiptHref: (reference: string) => string;
};

/** One purchase's or wallet movement's receipt, with Share and Download PDF. */
export function ReceiptScreen({ reference, backHref, receiptHref }: ReceiptScreenProps) {
  const { data: receipt, isPending, isError, error, refetch } = useReceipt(reference);
  const heading = (
    <div className="flex items-center gap-2">
      <BackLink to={backHref} label={T.back} />
      <h1 className="text-2xl font-bold text-slate-900">{T.heading}</h1>
    </div>
  );
  if (isPending) return <PageSpinner label={T.loading} />;
  if (isError || !receipt) {
    const notFound = isApiError(error) && (error.status === 404 || error.status === 422);
    return (
      <div className="space-y-5">
        {heading}
        <section className="flex flex-col items-center gap-3 py-10 text-center" role="alert">
          <CircleX className="size-12 text-red-700" aria-hidden="true" />
          <h2 className="text-lg font-semibold text-slate-900">{notFound ? T.notFoundTitle : T.errorTitle}</h2>
          <p className="max-w-sm text-slate-700">{notFound ? T.notFoundBody : T.errorBody}</p>
          {!notFound && <Button onClick={() => void refetch()}>{T.retry}</Button>}
        </section>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-lg space-y-5">
      {heading}
      <ReceiptCard receipt={receipt} receiptHref={receiptHref} />
      <ReceiptActions receipt={receipt} url={`${window.location.origin}${receiptHref(receipt.reference)}`} />
    </div>
  );
}

function ReceiptCard({ receipt, receiptHref }: { receipt: Receipt; receiptHref: (reference: string) => string }) {
  const sign = receipt.direction === 'credit' ? '+' : receipt.direction === 'debit' ? '−' : '';
  const rows: [string, ReactNode][] = [
    [T.reference, receipt.reference],
    [T.dateTime, receipt.date_time],
    ...receipt.lines
      .filter((line) => line.label !== T.purchase)
      .map((line): [string, ReactNode] => [line.label, line.value]),
    ...(receipt.fee > 0 && !receipt.lines.some((line) => line.value === formatNaira(receipt.fee))
      ? ([[T.fee, formatNaira(receipt.fee)]] as [string, ReactNode][])
      : []),
    ...(receipt.payment_method && !receipt.lines.some((line) => line.label === T.paidWith)
      ? ([[T.paidWith, T.methods[receipt.payment_method]]] as [string, ReactNode][])
      : []),
    ...(receipt.purchase_reference
      ? ([
          [
            T.purchase,
            <Link key="purchase" to={receiptHref(receipt.purchase_reference)} className="text-brand-700 underline">
              {receipt.purchase_reference}
            </Link>,
          ],
        ] as [string, ReactNode][])
      : []),
  ];
  return (
    <section aria-labelledby="receipt-title" className="space-y-4 rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id="receipt-title" className="text-lg font-semibold text-slate-900">
            {receipt.title}
          </h2>
          <p className="text-3xl font-bold text-slate-900 tabular-nums">
            {sign}
            {formatNaira(receipt.amount)}
          </p>
        </div>
        <span
          className={`rounded-full px-2.5 py-1 text-xs font-semibold ${TONES[receipt.status] ?? 'bg-amber-100 text-amber-900'}`}
        >
          {receipt.status_label}
        </span>
      </div>
      <dl aria-label={T.details} className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-slate-600">{term}</dt>
            <dd className="text-right break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** `url`: the receipt's address in the app, which a shared text links to. */
function ReceiptActions({ receipt, url }: { receipt: Receipt; url: string }) {
  const webShare = canWebShare();
  const image = useReceiptImage(receipt.reference, webShare && canShareFiles());
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      saveFile(await getReceiptDocument(receipt.reference), `ruwa-receipt-${receipt.reference}.pdf`);
    } catch {
      notifyError(T.downloadFailed);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="flex flex-wrap gap-3">
      {webShare ? (
        <Button
          onClick={() => void shareReceipt(receipt, url, image.data).catch(() => notifyError(T.shareFailed))}
          disabled={image.isLoading}
        >
          {T.share}
        </Button>
      ) : (
        <Button asChild>
          <a href={whatsAppLink(receipt, url)} target="_blank" rel="noopener noreferrer">
            {T.shareOnWhatsApp}
          </a>
        </Button>
      )}
      <Button variant="outline" onClick={() => void download()} disabled={downloading} aria-busy={downloading}>
        {downloading ? T.downloading : T.downloadPdf}
      </Button>
    </div>
  );
}
