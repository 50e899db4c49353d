import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { clearTwoFactorRequired } from '@/features/admin/utils/two-factor-required';
import { TwoFactorCard } from './two-factor-card';

export const TWO_FACTOR_REQUIRED_HEADING = 'Set up two-factor sign-in';

type TwoFactorRequiredProps = {
  /** The screen outside the admin area that was refused, to go back to once two-factor sign-in is on. */
  returnTo?: string;
};

/**
 * What the admin area shows while the server refuses this admin until two-factor sign-in is set up:
 * the setup itself, then the screen that was asked for, loaded again.
 */
export function TwoFactorRequired({ returnTo }: TwoFactorRequiredProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  // Brought here from another screen without asking: focus starts on the reason, which is read out.
  useEffect(() => {
    if (returnTo !== undefined) heading.current?.focus();
  }, [returnTo]);

  return (
    <div className="space-y-4">
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-slate-900 outline-none">
        {TWO_FACTOR_REQUIRED_HEADING}
      </h1>
      {returnTo === undefined ? (
        <p className="max-w-2xl text-slate-700">
          Your admin account needs two-factor sign-in before you can use the admin area. Turn it on below with an
          authenticator app on your phone: it takes a minute, and afterwards the admin area opens as usual.
        </p>
      ) : (
        <p className="max-w-2xl text-slate-700">
          Your admin account needs two-factor sign-in before you can use Ruwa, its customer screens included. Turn it on
          below with an authenticator app on your phone: it takes a minute, and afterwards you go back to the screen you
          were on.
        </p>
      )}
      <TwoFactorCard
        onEnabled={() => {
          clearTwoFactorRequired();
          // Every screen's refused request is asked for once more: with two-factor on, the server answers.
          void queryClient.invalidateQueries();
          if (returnTo !== undefined) void navigate(returnTo, { replace: true });
        }}
      />
    </div>
  );
}
