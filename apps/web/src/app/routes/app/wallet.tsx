import { WalletScreen } from '@/features/wallet/components/wallet-screen';
import { paths } from '../../paths';

export function WalletRoute() {
  return (
    <WalletScreen
      depositHref={paths.app.walletDeposit.getHref()}
      withdrawHref={paths.app.walletWithdraw.getHref()}
      receiptHref={paths.app.receipt.getHref}
      rewardsHref={paths.app.walletRewards.getHref()}
      verifyPhoneHref={paths.app.verifyPhone.getHref(paths.app.wallet.getHref())}
    />
  );
}
