import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { VerifyEmailStatus } from '@/features/auth/components/verify-email-status';
import { useIsSignedIn } from '@/lib/session';
import { paths } from '../../paths';

/** Where the e-mailed verification link lands, signed in or not (it is often opened on another device). */
export function VerifyEmailRoute() {
  const [searchParams] = useSearchParams();
  const signedIn = useIsSignedIn();
  return (
    <AuthLayout title="Confirm your e-mail address">
      <VerifyEmailStatus
        token={searchParams.get('token')?.trim() ?? ''}
        continueHref={signedIn ? paths.app.profile.getHref() : paths.auth.login.getHref()}
        continueLabel={signedIn ? 'Go to your profile' : 'Sign in'}
      />
    </AuthLayout>
  );
}
