import { useNavigate } from 'react-router';
import { FROM_LIST } from '@/features/admin/components/catalog/admin-page-header';
import { LocationsScreen } from '@/features/admin/components/catalog/locations-screen';
import { paths } from '../../paths';

export function AdminLocationsRoute() {
  const navigate = useNavigate();
  return (
    <LocationsScreen
      createHref={paths.admin.locationsCreate.getHref()}
      onEdit={(location) =>
        navigate(paths.admin.locationsUpdate.getHref(location.id), { state: { location, ...FROM_LIST } })
      }
    />
  );
}
