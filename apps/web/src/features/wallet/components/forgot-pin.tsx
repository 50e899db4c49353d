import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { requestPinReset } from '../api/request-pin-reset';

type ForgotPinProps = {
  /** The page where a code texted for a forgotten PIN is typed; going there abandons this spend. */
  codeResetHref: string;
  onLeave: () => void;
};

/**
 * "Forgot your PIN?": sends a link to the verified e-mail, or a code by SMS to the verified phone,
 * with a way on to the page that takes the code.
 */
export function ForgotPin({ codeResetHref, onLeave }: ForgotPinProps) {
  const [resetNote, setResetNote] = useState<string | null>(null);
  const [codeSent, setCodeSent] = useState(false);

  const forgot = async () => {
    try {
      const { message, data } = await requestPinReset();
      setResetNote(message);
      setCodeSent(data.sent_to === 'phone');
    } catch (cause) {
      setResetNote(isApiError(cause) ? cause.message : 'Something went wrong. Please try again.');
    }
  };

  return (
    <div className="text-center">
      <button
        type="button"
        className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
        onClick={() => void forgot()}
      >
        Forgot your PIN?
      </button>
      {resetNote && (
        <p role="status" className="mt-1 text-sm text-slate-700">
          {resetNote}
        </p>
      )}
      {codeSent && resetNote && (
        <Button asChild block className="mt-3">
          <Link to={codeResetHref} state={{ sentNote: resetNote }} onClick={onLeave}>
            Enter the code
          </Link>
        </Button>
      )}
    </div>
  );
}
