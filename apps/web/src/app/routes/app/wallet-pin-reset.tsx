import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { PinResetScreen } from '@/features/wallet/components/pin-reset-screen';
import { paths } from '../../paths';

export function WalletPinResetRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // The PIN sheet passes on what the request said when the code went by SMS.
  const state: unknown = useLocation().state;
  const sentNote =
    state && typeof state === 'object' && 'sentNote' in state && typeof state.sentNote === 'string'
      ? state.sentNote
      : undefined;
  return (
    <PinResetScreen
      token={params.get('token') ?? ''}
      sentNote={sentNote}
      backHref={paths.app.wallet.getHref()}
      onReset={() => void navigate(paths.app.wallet.getHref(), { replace: true })}
    />
  );
}
