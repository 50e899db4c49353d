import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { PasswordChangeForm } from '@/features/profile/components/password-change-form';
import { notifySuccess } from '@/lib/notify';
import { paths } from '../../paths';

export function ProfilePasswordRoute() {
  const navigate = useNavigate();
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-2">
        <Link
          to={paths.app.profile.getHref()}
          className="inline-flex size-10 items-center justify-center rounded-full text-slate-800 hover:bg-slate-100"
          aria-label="Back to profile"
        >
          <ArrowLeft className="size-5" aria-hidden="true" />
        </Link>
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
