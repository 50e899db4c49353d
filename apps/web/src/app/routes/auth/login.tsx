import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';
import { defaultLandingFor, paths, REDIRECT_PARAM, safeRedirect } from '../../paths';

export const LOGIN_STRAP = 'Buy water, gas, airtime and data';

export function LoginRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const redirectTo = safeRedirect(searchParams.get(REDIRECT_PARAM));
  const prefilledEmail = (location.state as { email?: unknown } | null)?.email;

  return (
    <AuthLayout title={LOGIN_STRAP} description="Sign in to your Ruwa account.">
      <LoginForm
        defaultEmail={typeof prefilledEmail === 'string' ? prefilledEmail : ''}
        registerHref={paths.auth.register.getHref()}
        resetPasswordHref={paths.auth.resetPassword.getHref()}
        onSuccess={({ user }) => navigate(redirectTo ?? defaultLandingFor(user), { replace: true })}
      />
    </AuthLayout>
  );
}
