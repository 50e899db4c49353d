import { useEffect } from 'react';
import { Toaster as Sonner } from 'sonner';
import { toasterMounted } from '@/lib/notify';

/**
 * At most one toast at a time, 5 seconds each, at the bottom so it never covers a page's title;
 * errors are red with their icon (rich colours), successes green.
 */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

export function Toaster() {
  useEffect(() => toasterMounted(), []);
  return (
    <Sonner visibleToasts={TOAST_LIMIT} duration={TOAST_DURATION_MS} position="bottom-center" richColors closeButton />
  );
}
