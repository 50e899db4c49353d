import { useLocation, useNavigate } from 'react-router';
import { useOrderCheckout, useResumePaidOrder, type PaidPurchase } from '@/features/orders/hooks/use-order-checkout';
import { paths } from '../../paths';

/**
 * The water and gas screens' payment flow: paid and stored -> the success screen with what was
 * bought; popup closed -> the failure screen, whose "Try again" comes back to this product with the
 * form as it was (route state `prefill`, as the airtime screen does). Other outcomes are shown on the
 * form itself. `resumed`: a card payment made before a reload, being confirmed (the screen shows
 * that instead of the form) or still unconfirmed (said above the form).
 */
export function useOrderPayment() {
  const navigate = useNavigate();
  const location = useLocation();
  const onPaid = (paid: PaidPurchase) =>
    navigate(paths.app.transactionSuccess.getHref(paid.kind === 'order' ? { order: paid.order.id } : undefined), {
      state: { paid },
    });
  const resumed = useResumePaidOrder(onPaid);
  const checkout = useOrderCheckout({
    onPaid,
    onClosed: (prefill) =>
      navigate(paths.app.transactionFailure.getHref(), {
        state: {
          message: 'The payment window was closed, so nothing was charged.',
          retry: {
            to: `${location.pathname}${location.search}`,
            state: { ...(location.state as object | null), prefill },
          },
        },
      }),
  });
  return { ...checkout, resumed };
}
