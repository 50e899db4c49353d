import { useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { RegisterForm } from '@/features/auth/components/register-form';
import { notifySuccess } from '@/lib/notify';
import { paths } from '../../paths';

export function RegisterRoute() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();

  return (
    <AuthLayout title="Create your account" description="Buy water, gas, airtime and data in a few taps.">
      <RegisterForm
        defaultReferralCode={searchParams.get('ref')?.trim() ?? ''}
        loginHref={paths.auth.login.getHref()}
        onSuccess={({ message, data }) => {
          notifySuccess(message || 'Your account has been created. Sign in to continue.');
          // After registering the user signs in on the login screen (email already filled in).
          navigate(paths.auth.login.getHref(), { state: { email: data.user.email } });
        }}
      />
    </AuthLayout>
  );
}
