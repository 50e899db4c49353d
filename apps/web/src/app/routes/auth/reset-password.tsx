import { AuthLayout } from '@/features/auth/components/auth-layout';
import { RequestResetForm } from '@/features/auth/components/request-reset-form';
import { paths } from '../../paths';

export function ResetPasswordRoute() {
  return (
    <AuthLayout
      title="Reset your password"
      description="Enter the email you signed up with and we will send you a link to choose a new password."
    >
      <RequestResetForm loginHref={paths.auth.login.getHref()} />
    </AuthLayout>
  );
}
