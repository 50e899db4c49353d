import { useNavigate } from 'react-router';
import { useOrderCheckout } from '@/features/orders/hooks/use-order-checkout';
import { paths } from '../../paths';

/**
 * The water and gas screens' payment flow: paid and stored -> the success screen; popup closed ->
 * the failure screen. Other outcomes are shown on the form itself.
 */
export function useOrderPayment() {
  const navigate = useNavigate();
  return useOrderCheckout({
    onPaid: () => navigate(paths.app.transactionSuccess.getHref()),
    onClosed: () => navigate(paths.app.transactionFailure.getHref()),
  });
}
