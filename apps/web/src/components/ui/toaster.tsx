import { useEffect, type CSSProperties } from 'react';
import { Toaster as Sonner } from 'sonner';
import { toasterMounted } from '@/lib/notify';

/**
 * At most one toast at a time, 5 seconds each, at the bottom so it never covers a page's title;
 * errors are red with their icon (rich colours), successes green.
 */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

/**
 * Sonner's rich colours, darkened to pass WCAG AA contrast (its default red text on pale red is
 * about 4.4:1): Tailwind's 800 text on the 50 background, the 200 border.
 */
const RICH_COLOURS = {
  '--error-bg': '#fef2f2',
  '--error-border': '#fecaca',
  '--error-text': '#991b1b',
  '--success-bg': '#f0fdf4',
  '--success-border': '#bbf7d0',
  '--success-text': '#166534',
  '--info-bg': '#eff6ff',
  '--info-border': '#bfdbfe',
  '--info-text': '#1e40af',
  '--warning-bg': '#fffbeb',
  '--warning-border': '#fde68a',
  '--warning-text': '#92400e',
} as CSSProperties;

export function Toaster() {
  useEffect(() => toasterMounted(), []);
  return (
    <Sonner
      visibleToasts={TOAST_LIMIT}
      duration={TOAST_DURATION_MS}
      position="bottom-center"
      richColors
      closeButton
      style={RICH_COLOURS}
    />
  );
}
