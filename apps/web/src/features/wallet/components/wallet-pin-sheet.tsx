import { useEffect, useId, useRef, useState } from 'react';
import { WALLET_PIN_LENGTH } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { Sheet } from '@/components/ui/sheet';
import { usePinRequest, type PinPurpose, type PinRequest } from '@/lib/wallet-pin';
import { ForgotPin } from './forgot-pin';
import { PinLockedNotice } from './pin-locked-notice';
import { PinForm } from './pin-form';

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

type KeypadProps = {
  error?: string;
  onPin: (pin: string) => void;
  /** The page where a code texted for a forgotten PIN is typed; going there abandons this spend. */
  codeResetHref: string;
  onLeave: () => void;
};

/**
 * The PIN keypad: the digits as buttons, and a PIN field that takes typing from a keyboard too.
 * Four digits send it. "Forgot your PIN?" is offered under it.
 */
function Keypad({ error, onPin, codeResetHref, onLeave }: KeypadProps) {
  const [pin, setPin] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();

  const change = (next: string) => {
    const digits = next.replace(/\D/g, '').slice(0, WALLET_PIN_LENGTH);
    setPin(digits);
    if (digits.length === WALLET_PIN_LENGTH) onPin(digits);
  };

  return (
    <div className="mt-4 space-y-4">
      <label className="block text-center">
        <span className="sr-only">Wallet PIN</span>
        <input
          ref={inputRef}
          autoFocus
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={WALLET_PIN_LENGTH}
          value={pin}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => change(event.target.value)}
          className="w-40 rounded-xl border border-slate-300 px-3 py-2 text-center text-2xl tracking-[0.75em] tabular-nums focus-visible:outline-2 focus-visible:outline-brand-600"
        />
      </label>
      {error && (
        <p id={errorId} role="alert" className="text-center text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <div className="grid grid-cols-3 gap-2" role="group" aria-label="PIN keypad">
        {DIGITS.map((digit) => (
          <Button key={digit} type="button" variant="outline" onClick={() => change(pin + digit)}>
            {digit}
          </Button>
        ))}
        <Button type="button" variant="ghost" onClick={() => change('')} aria-label="Clear PIN">
          Clear
        </Button>
        <Button type="button" variant="outline" onClick={() => change(pin + '0')}>
          0
        </Button>
        <Button type="button" variant="ghost" onClick={() => change(pin.slice(0, -1))} aria-label="Delete last digit">
          ⌫
        </Button>
      </div>
      <ForgotPin codeResetHref={codeResetHref} onLeave={onLeave} />
    </div>
  );
}

const TITLES: Record<PinRequest['mode'], string> = {
  enter: 'Enter your wallet PIN',
  set: 'Set a wallet PIN',
  locked: 'Wallet payments locked',
};
// What the keypad says it confirms: the action the customer started, never "payment" for a withdrawal.
const ENTER_DESCRIPTIONS: Record<PinPurpose, string> = {
  payment: 'Your 4-digit PIN confirms this payment from your wallet.',
  withdrawal: 'Your 4-digit PIN confirms this withdrawal to your bank account.',
  savings_withdrawal: 'Your 4-digit PIN confirms moving this money from your savings to your wallet.',
};
const DESCRIPTIONS: Record<Exclude<PinRequest['mode'], 'enter'>, string> = {
  set: 'Choose a 4-digit PIN. You will enter it whenever money leaves your wallet.',
  locked: 'Too many wrong PINs were entered.',
};

/**
 * The bottom sheet that asks for the wallet PIN (or has the customer set one) whenever money leaves
 * the wallet. The customer shell mounts it once; `withWalletPin` opens it.
 */
export function WalletPinSheet({ codeResetHref }: { codeResetHref: string }) {
  const pending = usePinRequest();
  const [shown, setShown] = useState<PinRequest | null>(null);
  // A fresh keypad for each request (a wrong PIN clears the digits typed).
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (pending) {
      setShown(pending.request);
      setRound((n) => n + 1);
    }
  }, [pending]);
  const request = pending?.request ?? shown;
  if (!request) return null;
  const answer = (pin: string | null) => pending?.resolve(pin);

  return (
    <Sheet
      open={Boolean(pending)}
      onOpenChange={(open) => (open ? undefined : answer(null))}
      title={TITLES[request.mode]}
      description={
        request.mode === 'enter' ? ENTER_DESCRIPTIONS[request.purpose ?? 'payment'] : DESCRIPTIONS[request.mode]
      }
    >
      {request.mode === 'enter' && (
        <Keypad
          key={round}
          error={request.error}
          onPin={answer}
          codeResetHref={codeResetHref}
          onLeave={() => answer(null)}
        />
      )}
      {request.mode === 'set' && <PinForm submitLabel="Set PIN and continue" onSet={answer} />}
      {request.mode === 'locked' && (
        <PinLockedNotice
          message={request.message}
          lockedUntil={request.lockedUntil}
          codeResetHref={codeResetHref}
          onClose={() => answer(null)}
        />
      )}
    </Sheet>
  );
}
