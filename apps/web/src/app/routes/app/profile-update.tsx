import { useLocation, useNavigate } from 'react-router';
import { ProfileUpdateForm } from '@/features/profile/components/profile-update-form';
import { PageSpinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/session';
import { paths } from '../../paths';
import { BackLink } from '@/components/ui/back-link';

export function ProfileUpdateRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useSession();
  if (!user) return <PageSpinner label="Loading your profile" />;

  // After saving, back one step; opened directly (no history in the app), back to the profile.
  const goBack = () =>
    location.key === 'default' ? navigate(paths.app.profile.getHref(), { replace: true }) : navigate(-1);

  return (
    <div className="space-y-4">
      <div className="flex items-center gap-2">
        <BackLink to={paths.app.profile.getHref()} label="Back to profile" />
        <h1 className="text-xl font-bold text-slate-900">Update profile</h1>
      </div>
      <ProfileUpdateForm user={user} onSuccess={() => void goBack()} />
    </div>
  );
}
