import { useId } from 'react';
import { WifiOff } from 'lucide-react';
import { useOnlineStatus } from '@/lib/online-status';

export const OFFLINE_PAY_MESSAGE = 'You are offline. Connect to the internet to pay.';

/**
 * Every button that pays or moves money (card, wallet, deposit, withdraw, airtime/data, subscribe)
 * needs the server, so offline it is disabled and points at the reason:
 *
 *   const offline = useOfflinePayGuard();
 *   <Button disabled={offline.disabled} aria-describedby={offline.describedBy}>Pay</Button>
 *   <OfflinePayNotice {...offline} />
 */
export function useOfflinePayGuard() {
  const online = useOnlineStatus();
  const noticeId = useId();
  return { disabled: !online, describedBy: online ? undefined : noticeId, noticeId };
}

export function OfflinePayNotice({ disabled, noticeId }: { disabled: boolean; noticeId: string }) {
  if (!disabled) return null;
  return (
    <p
      id={noticeId}
      className="flex items-center justify-center gap-1.5 text-center text-sm font-medium text-amber-900"
    >
      <WifiOff className="size-4 shrink-0" aria-hidden="true" />
      {OFFLINE_PAY_MESSAGE}
    </p>
  );
}
