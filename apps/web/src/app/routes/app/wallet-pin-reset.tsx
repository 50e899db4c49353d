import { useNavigate, useSearchParams } from 'react-router';
import { PinResetScreen } from '@/features/wallet/components/pin-reset-screen';
import { paths } from '../../paths';

export function WalletPinResetRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <PinResetScreen
      token={params.get('token') ?? ''}
      backHref={paths.app.wallet.getHref()}
      onReset={() => void navigate(paths.app.wallet.getHref(), { replace: true })}
    />
  );
}
