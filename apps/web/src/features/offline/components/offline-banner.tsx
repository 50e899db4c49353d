import { WifiOff } from 'lucide-react';
import { useOnlineStatus } from '@/lib/online-status';
import { cn } from '@/lib/utils';

export const OFFLINE_BANNER_MESSAGE = 'You are offline. Showing the last saved data.';

/**
 * Shown at the top of every shell while the device has no network. The live region is always in the
 * page so screen readers announce the change when it happens, not only what was there at load.
 */
export function OfflineBanner({ className }: { className?: string }) {
  const online = useOnlineStatus();
  return (
    <div role="status" className={cn('empty:hidden', className)}>
      {!online && (
        <p className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950">
          <WifiOff className="size-4 shrink-0" aria-hidden="true" />
          {OFFLINE_BANNER_MESSAGE}
        </p>
      )}
    </div>
  );
}
