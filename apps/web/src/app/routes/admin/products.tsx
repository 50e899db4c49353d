import { useNavigate } from 'react-router';
import { FROM_LIST } from '@/features/admin/components/catalog/admin-page-header';
import { ProductsScreen } from '@/features/admin/components/catalog/products-screen';
import { paths } from '../../paths';

export function AdminProductsRoute() {
  const navigate = useNavigate();
  return (
    <ProductsScreen
      createHref={paths.admin.productsCreate.getHref()}
      onEdit={(product) =>
        navigate(paths.admin.productsUpdate.getHref(product.id), { state: { product, ...FROM_LIST } })
      }
    />
  );
}
