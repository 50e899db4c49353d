import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { AirtimeDataScreen, isAirtimeDataTab } from '@/features/airtime-data/components/airtime-data-screen';
import { paths } from '../../paths';

export function AirtimeDataRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  // The Home tiles pass 'airtime' or 'data' as route state; ?tab= keeps the tab across a reload.
  const fromQuery = searchParams.get('tab');
  const tab = isAirtimeDataTab(fromQuery) ? fromQuery : isAirtimeDataTab(location.state) ? location.state : 'airtime';

  return (
    <AirtimeDataScreen
      tab={tab}
      onTabChange={(next) => setSearchParams({ tab: next }, { replace: true })}
      onPaid={() => navigate(paths.app.transactionSuccess.getHref())}
      onPaymentClosed={() => navigate(paths.app.transactionFailure.getHref())}
    />
  );
}
