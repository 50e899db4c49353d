import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { useUndoContactChange } from '@/features/auth/api/undo-contact-change';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { isApiError } from '@/lib/api-client';
import { clearSession } from '@/lib/session';
import { paths } from '../../paths';

/**
 * Where the link sent to a replaced e-mail lands. Nothing happens until the owner presses the
 * button (mail scanners open links), and then every session of the account ends, this device's too.
 */
export function UndoChangeRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const undo = useUndoContactChange();
  const signIn = (
    <Button asChild block>
      <Link to={paths.auth.login.getHref()}>Sign in</Link>
    </Button>
  );

  return (
    <AuthLayout title="Undo a change to your account">
      {undo.isSuccess ? (
        <div role="status" className="space-y-4 text-center">
          <p className="text-slate-800">{undo.data.message}</p>
          <p className="text-slate-700">If you think someone knows your password, reset it once you are back in.</p>
          {signIn}
        </div>
      ) : (
        <div className="space-y-4">
          <p className="text-slate-800">
            Someone changed the e-mail or phone number of your Ruwa account. If it was not you, undo it: the old one
            comes back and everyone signed in to your account is signed out.
          </p>
          {undo.isError && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
              {isApiError(undo.error) ? (undo.error.fieldError('token') ?? undo.error.message) : undo.error.message}
            </p>
          )}
          <Button
            block
            disabled={!token}
            loading={undo.isPending}
            onClick={() => undo.mutate(token, { onSuccess: () => clearSession() })}
          >
            Undo this change
          </Button>
        </div>
      )}
    </AuthLayout>
  );
}
