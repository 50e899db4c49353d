import { RewardsScreen } from '@/features/rewards/components/rewards-screen';
import { paths } from '../../paths';

export function WalletRewardsRoute() {
  return (
    <RewardsScreen
      backHref={paths.app.wallet.getHref()}
      verifyPhoneHref={paths.app.verifyPhone.getHref(paths.app.walletRewards.getHref())}
    />
  );
}
