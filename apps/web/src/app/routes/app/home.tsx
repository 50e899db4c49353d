import { useNavigate } from 'react-router';
import { HomeScreen } from '@/features/home/components/home-screen';
import { paths } from '../../paths';

export function HomeRoute() {
  const navigate = useNavigate();
  return (
    <HomeScreen
      // The Airtime and Data tiles pass their tab as route state and in the address (for a reload).
      airtimeDataHref={(tab) => paths.app.airtimeData.getHref(tab)}
      electricityHref={paths.app.electricity.getHref()}
      onSubmit={(choice) =>
        // The ids also go in the address, so the results survive a reload or a shared link.
        navigate(paths.app.results.getHref(choice), { state: choice })
      }
    />
  );
}
