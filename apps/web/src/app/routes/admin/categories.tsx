import { useNavigate } from 'react-router';
import { FROM_LIST } from '@/features/admin/components/catalog/admin-page-header';
import { CategoriesScreen } from '@/features/admin/components/catalog/categories-screen';
import { paths } from '../../paths';

export function AdminCategoriesRoute() {
  const navigate = useNavigate();
  return (
    <CategoriesScreen
      createHref={paths.admin.productCategoryCreate.getHref()}
      onEdit={(category) =>
        navigate(paths.admin.productCategoryUpdate.getHref(category.id), { state: { category, ...FROM_LIST } })
      }
    />
  );
}
