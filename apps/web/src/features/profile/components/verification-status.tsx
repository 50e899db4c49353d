import { useState } from 'react';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { User } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSendEmailLink } from '../api/send-email-link';

function Status({ verified }: { verified: boolean }) {
  return verified ? (
    <span className="inline-flex items-center gap-1 text-sm font-medium text-emerald-800">
      <CircleCheck className="size-4" aria-hidden="true" />
      Verified
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 text-sm font-medium text-amber-900">
      <CircleAlert className="size-4" aria-hidden="true" />
      Not verified
    </span>
  );
}

/** Sends the e-mail link on request, and says where it went. */
function VerifyEmailButton() {
  const mutation = useSendEmailLink();
  const [sentTo, setSentTo] = useState<string>();
  if (sentTo) return <p className="text-sm text-slate-700">Link sent to {sentTo}. Open it to confirm.</p>;
  return (
    <Button
      variant="secondary"
      size="sm"
      loading={mutation.isPending}
      onClick={() =>
        mutation.mutate(undefined, {
          onSuccess: ({ message, data }) => {
            setSentTo(data.sent_to);
            notifySuccess(message);
          },
          onError: (error) => notifyError(error.message),
        })
      }
    >
      Verify e-mail
    </Button>
  );
}

/**
 * Whether the phone number and e-mail address are verified, with the way to verify each. Withdrawals
 * and rewards need the phone number.
 */
export function VerificationStatus({ user, verifyPhoneHref }: { user: User; verifyPhoneHref: string }) {
  return (
    <section aria-labelledby="verification-heading" className="rounded-2xl border border-slate-200 p-4">
      <h2 id="verification-heading" className="font-semibold text-slate-900">
        Verification
      </h2>
      <ul className="mt-3 space-y-3">
        <li className="flex flex-wrap items-center justify-between gap-2">
          <span className="text-slate-800">Phone number</span>
          <span className="flex items-center gap-3">
            <Status verified={user.phone_verified} />
            {!user.phone_verified && (
              <Button asChild size="sm">
                <Link to={verifyPhoneHref}>Verify phone</Link>
              </Button>
            )}
          </span>
        </li>
        <li className="flex flex-wrap items-center justify-between gap-2">
          <span className="text-slate-800">E-mail address</span>
          <span className="flex items-center gap-3">
            <Status verified={user.email_verified} />
            {!user.email_verified && <VerifyEmailButton />}
          </span>
        </li>
      </ul>
      {!user.phone_verified && (
        <p className="mt-3 text-sm text-slate-700">
          Verify your phone number to withdraw from your wallet and to earn referral rewards and raffle tickets.
        </p>
      )}
    </section>
  );
}
