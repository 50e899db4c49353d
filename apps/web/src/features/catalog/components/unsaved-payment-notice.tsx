import { TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';

type UnsavedPaymentNoticeProps = {
  message: string;
  reference: string;
  onRetry: () => void;
  retrying: boolean;
};

/**
 * The card was charged but the order could not be stored. Said where the customer is looking, with the
 * reference to quote, and a way to try storing it again with the same payment (never a second charge).
 */
export function UnsavedPaymentNotice({ message, reference, onRetry, retrying }: UnsavedPaymentNoticeProps) {
  return (
    <div role="alert" className="flex gap-3 rounded-xl bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200">
      <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="space-y-2">
        <p className="font-semibold">Payment received, order not saved yet</p>
        <p>{message}</p>
        <p>
          Payment reference: <span className="font-mono font-semibold break-all">{reference}</span>
        </p>
        <Button type="button" variant="outline" size="sm" loading={retrying} onClick={onRetry}>
          Try saving again
        </Button>
      </div>
    </div>
  );
}
