import { useLocation, useNavigate } from 'react-router';
import { WithdrawScreen } from '@/features/wallet/components/withdraw-screen';
import { paths } from '../../paths';

export function WalletWithdrawRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  // After the request, back one screen; opened directly (no history in the app), to the wallet.
  const goBack = () =>
    void (location.key === 'default' ? navigate(paths.app.wallet.getHref(), { replace: true }) : navigate(-1));
  return (
    <WithdrawScreen
      backHref={paths.app.wallet.getHref()}
      verifyPhoneHref={paths.app.verifyPhone.getHref(paths.app.walletWithdraw.getHref())}
      onWithdrawn={goBack}
    />
  );
}
