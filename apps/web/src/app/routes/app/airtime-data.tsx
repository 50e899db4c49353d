import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { toLocalPhone } from '@ruwa/contract';
import { AirtimeDataScreen, isAirtimeDataTab } from '@/features/airtime-data/components/airtime-data-screen';
import type { VtuPrefill } from '@/features/airtime-data/components/airtime-form';
import { useSession } from '@/lib/session';
import { paths } from '../../paths';

function prefillFrom(state: unknown): VtuPrefill | null {
  if (typeof state !== 'object' || state === null || !('prefill' in state)) return null;
  const prefill = state.prefill as Partial<VtuPrefill> | null;
  return prefill && (prefill.kind === 'airtime' || prefill.kind === 'data') && typeof prefill.phone === 'string'
    ? (prefill as VtuPrefill)
    : null;
}

export function AirtimeDataRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  // The Home tiles pass 'airtime' or 'data' as route state; ?tab= keeps the tab across a reload.
  const fromQuery = searchParams.get('tab');
  const tab = isAirtimeDataTab(fromQuery) ? fromQuery : isAirtimeDataTab(location.state) ? location.state : 'airtime';
  const ownPhone = user?.phone_number ? toLocalPhone(user.phone_number) : null;

  return (
    <AirtimeDataScreen
      tab={tab}
      onTabChange={(next) => setSearchParams({ tab: next }, { replace: true, state: location.state })}
      prefill={prefillFrom(location.state)}
      ownPhone={ownPhone}
      onPaid={(purchase) => navigate(paths.app.transactionPurchase.getHref(purchase.id))}
      onPaymentClosed={(prefill) =>
        navigate(paths.app.transactionFailure.getHref(), {
          state: {
            message: 'The payment window was closed, so nothing was charged.',
            retry: { to: paths.app.airtimeData.getHref(prefill.kind), state: { prefill } },
          },
        })
      }
    />
  );
}
