import { useLocation, useSearchParams } from 'react-router';
import { CategoryUpdateScreen } from '@/features/admin/components/catalog/update-screens';
import { paths } from '../../paths';
import { idParam, useBackToList } from './back-to-list';

export function AdminCategoryUpdateRoute() {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const listHref = paths.admin.productCategory.getHref();
  const back = useBackToList(listHref);
  const id = idParam(searchParams);
  // The record comes in navigation state; the id in the address makes a reload work.
  const fromState = (location.state as { category?: unknown } | null)?.category;
  return <CategoryUpdateScreen key={id} id={id} fromState={fromState} listHref={listHref} onDone={back} />;
}
