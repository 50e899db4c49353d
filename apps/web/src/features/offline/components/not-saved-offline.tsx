import { WifiOff } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** What a screen says offline about data this phone never saved (so nothing can be shown). */
export const NOT_SAVED_OFFLINE = {
  product: "You're offline and this product hasn't been saved yet. Connect to see it.",
} as const;

/**
 * Instead of a spinner that cannot end: offline, with no saved copy, say so and offer to try again
 * (the screen also loads by itself once the network is back).
 */
export function NotSavedOffline({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <section
      aria-labelledby="not-saved-offline"
      className="flex min-h-[50vh] flex-col items-center justify-center gap-4 text-center"
    >
      <WifiOff className="size-10 text-slate-500" aria-hidden="true" />
      <p id="not-saved-offline" role="alert" className="max-w-xs font-medium text-slate-800">
        {message}
      </p>
      <Button type="button" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </section>
  );
}
