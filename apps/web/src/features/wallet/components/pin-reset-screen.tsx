import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notify';
import { requestPinReset } from '../api/request-pin-reset';
import { PinForm } from './pin-form';
import { ScreenHeader } from './screen-header';

type PinResetScreenProps = {
  /** The e-mailed link's token; without one, the reset is by the code texted to the verified phone. */
  token: string;
  /** What the request that brought the customer here said (the code went to the phone ending in …). */
  sentNote?: string;
  backHref: string;
  onReset: () => void;
};

type Note = { text: string; failed: boolean };

/**
 * The "forgot PIN" page: a new PIN with the account password, proven by the e-mailed link (its
 * token in the address) or, for a customer whose e-mail is not verified, by the 6-digit code sent
 * to their verified phone. It also lifts a lock left by wrong PINs.
 */
export function PinResetScreen({ token, sentNote, backHref, onReset }: PinResetScreenProps) {
  // The link itself was refused (used, expired): said above the form, which cannot fix it.
  const [linkError, setLinkError] = useState<string>();
  const onSet = (_pin: string, message: string) => {
    notifySuccess(message || 'Your new wallet PIN is set');
    onReset();
  };

  return (
    <div className="space-y-6">
      <ScreenHeader title="Reset wallet PIN" backHref={backHref} />
      {token ? (
        <>
          {linkError && (
            <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800">
              {linkError}
            </p>
          )}
          <PinForm reset={{ token, onLinkRefused: setLinkError }} submitLabel="Set new PIN" onSet={onSet} />
        </>
      ) : (
        <CodeReset sentNote={sentNote} onSet={onSet} />
      )}
    </div>
  );
}

/** The reset by SMS code: what was sent, the form, and a way to have another code sent. */
function CodeReset({ sentNote, onSet }: { sentNote?: string; onSet: (pin: string, message: string) => void }) {
  const [note, setNote] = useState<Note | null>(sentNote ? { text: sentNote, failed: false } : null);
  const [sending, setSending] = useState(false);

  const sendAnother = async () => {
    setSending(true);
    try {
      const { message } = await requestPinReset();
      setNote({ text: message, failed: false });
    } catch (cause) {
      setNote({ text: isApiError(cause) ? cause.message : 'Something went wrong. Please try again.', failed: true });
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      {note ? (
        <p
          role={note.failed ? 'alert' : 'status'}
          className={
            note.failed
              ? 'rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800'
              : 'rounded-xl bg-slate-50 p-3 text-sm text-slate-800'
          }
        >
          {note.text}
        </p>
      ) : (
        <p className="text-sm text-slate-700">Enter the 6-digit code we sent to your phone, then choose a new PIN.</p>
      )}
      <PinForm reset={{ code: true }} submitLabel="Set new PIN" onSet={onSet} />
      <div className="text-center">
        <Button type="button" variant="link" loading={sending} onClick={() => void sendAnother()}>
          Send a new code
        </Button>
      </div>
    </>
  );
}
