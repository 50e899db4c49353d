import { ArrowLeft } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ProfileUpdateForm } from '@/features/profile/components/profile-update-form';
import { PageSpinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/session';
import { paths } from '../../paths';

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
        <Link
          to={paths.app.profile.getHref()}
          className="inline-flex size-10 items-center justify-center rounded-full text-slate-800 hover:bg-slate-100"
          aria-label="Back to profile"
        >
          <ArrowLeft className="size-5" aria-hidden="true" />
        </Link>
        <h1 className="text-xl font-bold text-slate-900">Update profile</h1>
      </div>
      <ProfileUpdateForm user={user} onSuccess={() => void goBack()} />
    </div>
  );
}
