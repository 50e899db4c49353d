import { CircleCheck } from 'lucide-react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toLocalPhone } from '@ruwa/contract';
import { BackLink } from '@/components/ui/back-link';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { VerifyPhoneForm } from '@/features/profile/components/verify-phone-form';
import { notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { paths, REDIRECT_PARAM, safeRedirect } from '../../paths';

/** Reached from the profile and from the notices on screens that need a verified number; goes back there after. */
export function VerifyPhoneRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const { user } = useSession();
  if (!user) return <PageSpinner label="Loading your profile" />;
  const returnTo = safeRedirect(searchParams.get(REDIRECT_PARAM)) ?? paths.app.profile.getHref();
  // Back one step to the screen that sent the customer here; opened directly (no history in the
  // app), to the screen the address names.
  const goBack = () => void (location.key === 'default' ? navigate(returnTo, { replace: true }) : navigate(-1));

  return (
    <div className="space-y-4">
      <div className="flex items-center gap-2">
        <BackLink to={returnTo} label="Back" />
        <h1 className="text-xl font-bold text-slate-900">Verify your phone number</h1>
      </div>
      {user.phone_verified ? (
        <div className="space-y-4 text-center">
          <p className="flex items-center justify-center gap-2 text-slate-800">
            <CircleCheck className="size-5 text-emerald-700" aria-hidden="true" />
            {toLocalPhone(user.phone_number)} is verified.
          </p>
          <Button asChild block>
            <Link to={returnTo}>Continue</Link>
          </Button>
        </div>
      ) : (
        <VerifyPhoneForm
          phoneNumber={user.phone_number}
          editProfileHref={paths.app.profileUpdate.getHref()}
          onVerified={({ message }) => {
            notifySuccess(message || 'Your phone number is verified.', 'Action Successful');
            goBack();
          }}
        />
      )}
    </div>
  );
}
