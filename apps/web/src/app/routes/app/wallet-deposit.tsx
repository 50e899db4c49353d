import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { DepositScreen } from '@/features/wallet/components/deposit-screen';
import { useSession } from '@/lib/session';
import { paths } from '../../paths';

export function WalletDepositRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useSession();
  const [searchParams] = useSearchParams();
  const amount = Number(searchParams.get('amount'));
  const initialAmount = Number.isInteger(amount) && amount > 0 ? amount : null;
  // After the deposit, back one screen; opened directly (no history in the app), to the wallet.
  const goBack = () =>
    void (location.key === 'default' ? navigate(paths.app.wallet.getHref(), { replace: true }) : navigate(-1));
  return (
    <DepositScreen
      email={user?.email}
      backHref={paths.app.wallet.getHref()}
      onDeposited={goBack}
      initialAmount={initialAmount}
    />
  );
}
