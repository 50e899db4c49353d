import type { Receipt } from '@ruwa/contract';
import { formatNaira } from '@ruwa/contract/money';

/** The words a shared receipt carries: what, how much, how it stands, when, and the reference. */
export function receiptText(receipt: Receipt): string {
  return `Ruwa receipt ${receipt.reference}: ${receipt.title}, ${formatNaira(receipt.amount)}, ${receipt.status_label}. ${receipt.date_time}.`;
}

/** The WhatsApp link that opens a chat with the receipt's text and address, for phones without Web Share. */
export function whatsAppLink(receipt: Receipt, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${receiptText(receipt)} ${url}`)}`;
}

/** Whether this browser has the Web Share API at all. */
export const canWebShare = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/** Whether this browser can share the receipt's picture as a file. */
export function canShareFiles(): boolean {
  if (!canWebShare() || typeof navigator.canShare !== 'function' || typeof File === 'undefined') return false;
  try {
    return navigator.canShare({ files: [new File([new Uint8Array(0)], 'receipt.png', { type: 'image/png' })] });
  } catch {
    return false;
  }
}

/**
 * Shares the receipt through the phone's share sheet: the picture when the phone takes files, the
 * text and address otherwise. A customer closing the sheet is not an error.
 */
export async function shareReceipt(receipt: Receipt, url: string, image: Blob | undefined): Promise<void> {
  const text = receiptText(receipt);
  const title = `Ruwa receipt ${receipt.reference}`;
  const file = image ? new File([image], `ruwa-receipt-${receipt.reference}.png`, { type: 'image/png' }) : null;
  try {
    if (file && navigator.canShare?.({ files: [file] })) await navigator.share({ files: [file], title, text });
    else await navigator.share({ title, text, url });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return;
    throw error;
  }
}
