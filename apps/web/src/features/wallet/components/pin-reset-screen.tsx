import { useState } from 'react';
import { notifySuccess } from '@/lib/notify';
import { PinForm } from './pin-form';
import { ScreenHeader } from './screen-header';

type PinResetScreenProps = { token: string; backHref: string; onReset: () => void };

/**
 * The page the "forgot PIN" e-mail links to: a new PIN with the account password. It also lifts a
 * lock left by wrong PINs.
 */
export function PinResetScreen({ token, backHref, onReset }: PinResetScreenProps) {
  // The link itself was refused (used, expired): said above the form, which cannot fix it.
  const [linkError, setLinkError] = useState<string>();

  return (
    <div className="space-y-6">
      <ScreenHeader title="Reset wallet PIN" backHref={backHref} />
      {linkError && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800">
          {linkError}
        </p>
      )}
      <PinForm
        reset={{ token, onLinkRefused: setLinkError }}
        submitLabel="Set new PIN"
        onSet={(_pin, message) => {
          notifySuccess(message || 'Your new wallet PIN is set');
          onReset();
        }}
      />
    </div>
  );
}
