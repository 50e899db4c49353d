import { useQuery } from '@tanstack/react-query';
import { fetchApiFile } from '@/lib/api-file';
import { receiptKeys } from './query-keys';

/** GET receipts/image?reference= -> the receipt as a PNG picture, to share as a file. */
export function getReceiptImage(reference: string, signal?: AbortSignal) {
  return fetchApiFile('receipts/image', { reference }, signal);
}

/** GET receipts/document?reference= -> the receipt as a PDF, to download. */
export function getReceiptDocument(reference: string) {
  return fetchApiFile('receipts/document', { reference });
}

/**
 * The picture, fetched ahead only where the phone can share files: a share must start within the
 * tap that asked for it, with no download in between.
 */
export function useReceiptImage(reference: string, enabled: boolean) {
  return useQuery({
    queryKey: receiptKeys.image(reference),
    queryFn: ({ signal }) => getReceiptImage(reference, signal),
    enabled,
    retry: false,
    meta: { silent: true },
  });
}
