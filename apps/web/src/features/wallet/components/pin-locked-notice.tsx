import { formatTime } from '@ruwa/contract/dates';
import { Button } from '@/components/ui/button';
import { ForgotPin } from './forgot-pin';

export const LOCK_ENDS_AT = (time: string) => `Wallet payments open again at ${time} (Lagos time).`;
export const RESET_ENDS_LOCK = 'Resetting your PIN opens them at once.';

type PinLockedNoticeProps = {
  message: string;
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
  return (
    <div className="mt-4 space-y-4">
      <p role="alert" className="text-sm font-medium text-red-700">
        {message}
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
