import { LocationCreateScreen } from '@/features/admin/components/catalog/create-screens';
import { paths } from '../../paths';
import { useBackToList } from './back-to-list';

export function AdminLocationCreateRoute() {
  const listHref = paths.admin.locations.getHref();
  const back = useBackToList(listHref);
  return <LocationCreateScreen listHref={listHref} onDone={back} />;
}
