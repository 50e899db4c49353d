import { useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { ChangePasswordForm, MissingResetToken } from '@/features/auth/components/change-password-form';
import { notifySuccess } from '@/lib/notify';
import { paths } from '../../paths';

export function ChangePasswordRoute() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  // An account without a verified e-mail gets its reset as a code by SMS.
  const byCode = searchParams.get('by') === 'sms';
  const requestResetHref = paths.auth.resetPassword.getHref();

  return (
    <AuthLayout title="Choose a new password">
      {token || byCode ? (
        <ChangePasswordForm
          token={token}
          requestResetHref={requestResetHref}
          onSuccess={({ message }) => {
            notifySuccess(message || 'Your password has been changed. Sign in with the new one.');
            navigate(paths.auth.login.getHref(), { replace: true });
          }}
        />
      ) : (
        <MissingResetToken requestResetHref={requestResetHref} codeHref="/auth/change-password?by=sms" />
      )}
    </AuthLayout>
  );
}
