import { ProductCreateScreen } from '@/features/admin/components/catalog/create-screens';
import { paths } from '../../paths';
import { useBackToList } from './back-to-list';

export function AdminProductCreateRoute() {
  const listHref = paths.admin.products.getHref();
  const back = useBackToList(listHref);
  return <ProductCreateScreen listHref={listHref} onDone={back} />;
}
