import { useQueryClient } from '@tanstack/react-query';
import { clearTwoFactorRequired } from '@/features/admin/utils/two-factor-required';
import { TwoFactorCard } from './two-factor-card';

export const TWO_FACTOR_REQUIRED_HEADING = 'Set up two-factor sign-in';

/**
 * What the admin area shows while the server refuses this admin until two-factor sign-in is set up:
 * the setup itself, then the screen that was asked for, loaded again.
 */
export function TwoFactorRequired() {
  const queryClient = useQueryClient();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">{TWO_FACTOR_REQUIRED_HEADING}</h1>
      <p className="max-w-2xl text-slate-700">
        Your admin account needs two-factor sign-in before you can use the admin area. Turn it on below with an
        authenticator app on your phone: it takes a minute, and afterwards the admin area opens as usual.
      </p>
      <TwoFactorCard
        onEnabled={() => {
          clearTwoFactorRequired();
          // Every screen's refused request is asked for once more: with two-factor on, the server answers.
          void queryClient.invalidateQueries();
        }}
      />
    </div>
  );
}
