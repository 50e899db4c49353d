import { ImageOff } from 'lucide-react';
import { API_ERROR_CODES, formatNaira, type Product } from '@ruwa/contract';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Pager } from '@/components/ui/pager';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { PRODUCT_DELETED, useDeleteProduct } from '../../api/delete-product';
import { useProducts } from '../../api/get-products';
import { useUpdateProduct } from '../../api/update-product';
import { usePageParam } from '@/lib/use-page-param';
import { ListHeader } from './admin-page-header';
import { DeleteAction } from './delete-action';
import { RowActions } from './row-actions';
import { StatusBadge } from './status-badge';

type ProductsScreenProps = { createHref: string; onEdit: (product: Product) => void };

/** Columns: #, name (with a thumbnail), category, base price, approved, locations (count), action. */
export function ProductsScreen({ createHref, onEdit }: ProductsScreenProps) {
  const [page, setPage] = usePageParam();
  const { data, isPending, isFetching, isPlaceholderData } = useProducts({ page });
  const deleteProduct = useDeleteProduct();
  const updateProduct = useUpdateProduct();

  const columns: Column<Product>[] = [
    {
      header: 'Name',
      cell: (product) => (
        <span className="flex items-center gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-slate-100">
            {product.product_images[0] ? (
              <ResponsiveImage
                src={product.product_images[0]}
                alt=""
                width={36}
                height={36}
                className="size-full object-cover"
                data-thumbnail
              />
            ) : (
              <ImageOff className="size-4 text-slate-400" aria-hidden="true" />
            )}
          </span>
          <span className="font-medium text-slate-900">{product.product_name}</span>
        </span>
      ),
    },
    { header: 'Category', cell: (product) => product.product_category },
    { header: 'Base price', cell: (product) => formatNaira(product.product_price), className: 'tabular-nums' },
    { header: 'Approved', cell: (product) => <StatusBadge on={product.approved} /> },
    { header: 'Locations', cell: (product) => product.locations_count, className: 'tabular-nums' },
    {
      header: 'Action',
      cell: (product) => (
        <RowActions name={product.product_name} onEdit={() => onEdit(product)}>
          <DeleteAction
            name={product.product_name}
            noun="product"
            successMessage={PRODUCT_DELETED}
            onDelete={() => deleteProduct.mutateAsync(product.id)}
            instead={
              product.approved
                ? {
                    code: API_ERROR_CODES.productInUse,
                    title: 'Disable this product instead?',
                    actionLabel: 'Disable product',
                    onAction: () => updateProduct.mutateAsync({ id: product.id, approved: false }),
                    successMessage: `${product.product_name} is disabled: customers no longer see it.`,
                  }
                : undefined
            }
          />
        </RowActions>
      ),
    },
  ];

  return (
    <div className="space-y-4">
      <ListHeader title="Products" createHref={createHref} createLabel="Create product" />
      <DataTable
        caption="Products"
        columns={columns}
        rows={data?.data}
        rowKey={(product) => product.id}
        isLoading={isPending || (isFetching && isPlaceholderData)}
        firstRowNumber={data ? (data.current_page - 1) * data.per_page + 1 : 1}
        onRowClick={onEdit}
      />
      <Pager page={data} onPageChange={setPage} disabled={isPlaceholderData} label="Products pages" />
    </div>
  );
}
