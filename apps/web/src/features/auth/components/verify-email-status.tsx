import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { queryKeys } from '@/lib/query-keys';
import { useVerifyEmail } from '../api/verify-email';

type VerifyEmailStatusProps = {
  token: string;
  /** Where to go next: the profile when signed in (where a new link can be asked for), else sign-in. */
  continueHref: string;
  continueLabel: string;
};

/**
 * Uses the link's token as soon as the page opens (once, even when React runs effects twice), then
 * says how it went. A signed-in user's record is fetched again so the profile shows the new state.
 */
export function VerifyEmailStatus({ token, continueHref, continueLabel }: VerifyEmailStatusProps) {
  const queryClient = useQueryClient();
  const { mutate, isSuccess, isError, error, data } = useVerifyEmail();
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    mutate(token, {
      onSuccess: async () => {
        // A look at the user still in flight was read before the token was used (a first look would
        // not even be cancelled by the refetch, only joined): drop it, then ask again.
        await queryClient.cancelQueries({ queryKey: queryKeys.currentUser });
        await queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
      },
    });
  }, [token, mutate, queryClient]);

  const next = (
    <Button asChild block>
      <Link to={continueHref}>{continueLabel}</Link>
    </Button>
  );

  if (!token || isError) {
    return (
      <div role="alert" className="space-y-4 text-center">
        <p className="text-slate-800">
          {token
            ? (error?.message ?? 'This link did not work.')
            : 'This link is missing its code. Open the link from your e-mail again.'}
        </p>
        <p className="text-sm text-slate-700">You can ask for a new link from your profile.</p>
        {next}
      </div>
    );
  }
  if (isSuccess) {
    return (
      <div role="status" className="space-y-4 text-center">
        <p className="flex items-center justify-center gap-2 font-semibold text-slate-900">
          <CircleCheck className="size-5 text-emerald-700" aria-hidden="true" />
          {/* The server says which it was: the account's address verified, or a new address confirmed. */}
          {data?.message || 'Your e-mail address is verified.'}
        </p>
        {next}
      </div>
    );
  }
  return (
    <p role="status" className="flex items-center justify-center gap-2 text-slate-700">
      <Spinner />
      Confirming your e-mail address…
    </p>
  );
}
