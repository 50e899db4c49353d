import { formatTime } from '@ruwa/contract/dates';
import { walletLockedMessage } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { ForgotPin } from './forgot-pin';

export const LOCK_ENDS_AT = (time: string) => `Wallet payments open again at ${time} (Lagos time).`;
export const RESET_ENDS_LOCK = 'Resetting your PIN opens them at once.';

type PinLockedNoticeProps = {
  /** The server's words; without them the notice says the same from `lockedUntil`. */
  message?: string;
  /** When the lock ends (ISO time), when known. */
  lockedUntil?: string;
  codeResetHref: string;
  onClose: () => void;
};

/**
 * What the PIN sheet shows instead of the keypad while too many wrong PINs lock wallet spending:
 * why, until when, and the PIN reset that ends the lock sooner.
 */
export function PinLockedNotice({ message, lockedUntil, codeResetHref, onClose }: PinLockedNoticeProps) {
  const endsAt = formatTime(lockedUntil);
  const secondsLeft = lockedUntil ? Math.ceil((Date.parse(lockedUntil) - Date.now()) / 1000) : 0;
  return (
    <div className="mt-4 space-y-4">
      <p role="alert" className="text-sm font-medium text-red-700">
        {message ?? walletLockedMessage(secondsLeft)}
      </p>
      <p className="text-sm text-slate-700">
        {endsAt && <>{LOCK_ENDS_AT(endsAt)} </>}
        {RESET_ENDS_LOCK}
      </p>
      <ForgotPin codeResetHref={codeResetHref} onLeave={onClose} />
      <Button type="button" block onClick={onClose}>
        OK
      </Button>
    </div>
  );
}
