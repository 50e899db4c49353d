import { useNavigate } from 'react-router';
import { PasswordChangeForm } from '@/features/profile/components/password-change-form';
import { notifySuccess } from '@/lib/notify';
import { paths } from '../../paths';
import { BackLink } from '@/components/ui/back-link';

export function ProfilePasswordRoute() {
  const navigate = useNavigate();
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-2">
        <BackLink to={paths.app.profile.getHref()} label="Back to profile" />
        <h1 className="text-xl font-bold text-slate-900">Change password</h1>
      </div>
      <PasswordChangeForm
        onSuccess={(result) => {
          notifySuccess(result.message, 'Action Successful');
          void navigate(paths.app.profile.getHref(), { replace: true });
        }}
      />
    </div>
  );
}
