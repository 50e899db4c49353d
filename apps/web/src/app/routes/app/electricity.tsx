import { useNavigate } from 'react-router';
import { toLocalPhone } from '@ruwa/contract';
import { ElectricityScreen } from '@/features/bills/components/electricity-screen';
import { BILL_SCREEN_TEXTS } from '@/features/bills/texts';
import { useSession } from '@/lib/session';
import { paths } from '../../paths';

export function ElectricityRoute() {
  const navigate = useNavigate();
  const { user } = useSession();
  return (
    <ElectricityScreen
      ownPhone={user?.phone_number ? toLocalPhone(user.phone_number) : null}
      onPaid={(bill) => navigate(paths.app.billShow.getHref(bill.reference))}
      onPaymentClosed={() =>
        navigate(paths.app.transactionFailure.getHref(), {
          state: { message: BILL_SCREEN_TEXTS.closed, retry: { to: paths.app.electricity.getHref() } },
        })
      }
    />
  );
}
