import { CategoryCreateScreen } from '@/features/admin/components/catalog/create-screens';
import { paths } from '../../paths';
import { useBackToList } from './back-to-list';

export function AdminCategoryCreateRoute() {
  const listHref = paths.admin.productCategory.getHref();
  const back = useBackToList(listHref);
  return <CategoryCreateScreen listHref={listHref} onDone={back} />;
}
