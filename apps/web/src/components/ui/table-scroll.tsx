import { MoveHorizontal } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export const TABLE_SCROLL_HINT = 'Swipe the table sideways to see every column';

/**
 * The frame every admin table sits in. A table wider than a phone scrolls sideways inside it rather
 * than squeezing its columns; the hint says so on narrow screens, where the cut-off columns are
 * otherwise easy to miss. The frame is focusable so the table can also be scrolled by keyboard.
 */
/** `label` names the table; the frame is named after it ('Orders table'), unique beside the screen's own sections. */
export function TableScroll({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1">
      <p className="flex items-center gap-1.5 text-xs text-slate-600 md:hidden">
        <MoveHorizontal className="size-4" aria-hidden="true" />
        {TABLE_SCROLL_HINT}
      </p>
      <div
        role="region"
        aria-label={`${label} table`}
        tabIndex={0}
        className={cn(
          'overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none',
          className,
        )}
      >
        {children}
      </div>
    </div>
  );
}
